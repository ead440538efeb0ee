import { defineService } from '../defineService.ts';
import { timelineRoutes } from './timeline.ts';
import { seedIncidents } from './seed.ts';

/**
 * Incidents (reference §1): the tables and views the console reads and writes through /api/db, the
 * history the database writes itself, and GET /api/incidents/{id}/timeline (our addition: the
 * history interleaved with the attached checks' and configs' changes). See README.md here.
 */
export const incidentsService = defineService({
  name: 'incidents',
  dependsOn: ['canary', 'topology', 'catalog'],
  migrations: true,
  routes: [{ base: '/api/incidents', app: ({ db }) => timelineRoutes(db) }],
  // Objects as the spec's role matrix names them (console.md §6): evidences, comments and
  // responder are resources of their own, everything else is `incident`.
  tables: {
    incidents: { object: 'incident' },
    incident_rules: { object: 'incident' },
    incident_summary: { object: 'incident' },
    hypotheses: { object: 'incident' },
    incident_histories: { object: 'incident' },
    incidents_by_component: { object: 'incident' },
    incidents_by_config: { object: 'incident' },
    evidences: { object: 'evidences' },
    comments: { object: 'comments' },
    responders: { object: 'responder' },
  },
  seed: seedIncidents,
});
