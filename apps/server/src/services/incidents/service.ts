import { incidentRuleContract } from '@opsdeck/contracts';
import { contractGuard } from '../contractWrites.ts';
import { allGuards, sourceGuard } from '../../resources/sourceGuard.ts';
import { incidentRuleResourceKind } from '../resourceKinds.ts';
import { defineService } from '../defineService.ts';
import { timelineRoutes } from './timeline.ts';
import { seedIncidents } from './seed.ts';
import { checkIncidentWrite, guardCommentWrite, guardResponderWrite } from './writeRules.ts';

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
  // GitOps: IncidentRule documents of --resources DIR and `apply -f` (issue 35).
  resources: { IncidentRule: incidentRuleResourceKind },
  tables: {
    // Deleted softly (a view of incident_records); deleting is an admin's or the commander's.
    incidents: { object: 'incident', checkWrite: checkIncidentWrite },
    // For every writer, its spec is one the IncidentRule contract accepts (none is an empty spec).
    incident_rules: {
      object: 'incident',
      guardWrite: allGuards(
        sourceGuard('incident rule'),
        contractGuard(incidentRuleContract, (row) => row.spec ?? {}),
      ),
    },
    incident_summary: { object: 'incident' },
    hypotheses: { object: 'incident' },
    // Written by the database's triggers only; never changed or deleted by a client.
    incident_histories: { object: 'incident', serverWritten: true },
    incidents_by_component: { object: 'incident' },
    incidents_by_config: { object: 'incident' },
    evidences: { object: 'evidences' },
    comments: { object: 'comments', guardWrite: guardCommentWrite },
    responders: { object: 'responder', guardWrite: guardResponderWrite },
  },
  seed: seedIncidents,
});
