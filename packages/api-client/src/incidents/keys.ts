import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';
import type { EvidenceSubjectIds, IncidentListQuery } from './calls.ts';

/**
 * Keys of the incident queries, all under `['opsdeck-api', 'incidents']`. Everything about one
 * incident sits under `incident(id)`, so invalidating it refreshes the page after a write.
 */
export const incidentKeys = {
  all: () => [apiKeyRoot, 'incidents'] as const,
  lists: () => [...incidentKeys.all(), 'list'] as const,
  list: (query: IncidentListQuery) => [...incidentKeys.lists(), query] as const,
  incident: (id: string) => [...incidentKeys.all(), 'incident', id] as const,
  detail: (id: string) => [...incidentKeys.incident(id), 'detail'] as const,
  responders: (id: string) => [...incidentKeys.incident(id), 'responders'] as const,
  history: (id: string) => [...incidentKeys.incident(id), 'history'] as const,
  /**
   * What an incident's evidence points at (its timeline's check results and config changes, the
   * subjects' names and statuses), apart from the incident: those tables are written on every check
   * run and scrape, and refresh these alone.
   */
  evidence: () => [...incidentKeys.all(), 'evidence'] as const,
  incidentEvidence: (id: string) => [...incidentKeys.evidence(), id] as const,
  timeline: (id: string) => [...incidentKeys.incidentEvidence(id), 'timeline'] as const,
  subjects: (id: string, ids: EvidenceSubjectIds) =>
    [
      ...incidentKeys.incidentEvidence(id),
      'subjects',
      [ids.checks, ids.configs, ids.components, ids.configChanges].map((list) => list.join(',')),
    ] as const,
  search: () => [...incidentKeys.all(), 'search'] as const,
  searchIncidents: (search: string) => [...incidentKeys.search(), 'incidents', search] as const,
  searchHypotheses: (incidentId: string, search: string) =>
    [...incidentKeys.search(), 'hypotheses', incidentId, search] as const,
  searchComponents: (search: string) => [...incidentKeys.search(), 'components', search] as const,
  components: () => [...incidentKeys.all(), 'components'] as const,
};

/**
 * The tables whose writes make incident queries stale: the incident's own tables and the people and
 * teams the lists and timelines name; the checks, configs, changes and components its evidence
 * points at refresh the evidence's queries alone.
 */
export const incidentInvalidations: TableInvalidations = {
  ...Object.fromEntries(
    [
      'incidents',
      'hypotheses',
      'evidences',
      'responders',
      'comments',
      'incident_histories',
      'people',
      'teams',
    ].map((table) => [table, [incidentKeys.all()]]),
  ),
  ...Object.fromEntries(
    ['checks', 'config_items', 'config_changes', 'components'].map((table) => [
      table,
      [incidentKeys.evidence(), incidentKeys.components()],
    ]),
  ),
};
