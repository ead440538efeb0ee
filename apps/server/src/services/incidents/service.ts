import { defineService } from '../defineService.ts';
import { seedIncidents } from './seed.ts';

/** Incidents; for now tables and the demo seed only. */
export const incidentsService = defineService({
  name: 'incidents',
  dependsOn: ['canary', 'topology', 'catalog'],
  migrations: true,
  tables: {
    incidents: { object: 'incident' },
    hypotheses: { object: 'incident' },
    incident_histories: { object: 'incident' },
    evidences: { object: 'evidences' },
    comments: { object: 'comments' },
    responders: { object: 'responder' },
    incidents_by_component: { object: 'incident' },
  },
  seed: seedIncidents,
});
