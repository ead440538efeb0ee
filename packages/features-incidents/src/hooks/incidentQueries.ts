import {
  evidenceSubjectsQuery,
  incidentHistoryQuery,
  incidentKeys,
  incidentQuery,
  incidentRespondersQuery,
  incidentTimelineQuery,
  type EvidenceSubjectIds,
  type Incident,
} from '@opsdeck/api-client/incidents';
import { useApiClient } from '@opsdeck/api-client/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  evidenceEntry,
  historyEntry,
  mergeTimeline,
  type TimelineEntry,
} from '../model/timeline.ts';

export function useIncident(id: string) {
  return useQuery(incidentQuery(useApiClient(), id));
}

export function useIncidentResponders(id: string) {
  return useQuery(incidentRespondersQuery(useApiClient(), id));
}

function subjectIds(incident: Incident | null | undefined): EvidenceSubjectIds {
  const evidences = incident?.hypotheses.flatMap((h) => h.evidences) ?? [];
  const ids = (pick: (e: (typeof evidences)[number]) => string | null | undefined) =>
    [...new Set(evidences.flatMap((e) => pick(e) ?? []))].sort();
  return {
    checks: ids((e) => e.check_id),
    configs: ids((e) => e.config_id),
    components: ids((e) => e.component_id),
    configChanges: ids((e) => e.config_change_id),
  };
}

/** The checks, configs, changes and components the incident's evidence points at. */
export function useEvidenceSubjects(id: string, incident: Incident | null | undefined) {
  const ids = useMemo(() => subjectIds(incident), [incident]);
  const client = useApiClient();
  return useQuery({ ...evidenceSubjectsQuery(client, id, ids), enabled: incident != null });
}

/**
 * The incident's timeline: its history rows, and where the backend has our timeline endpoint, the
 * status turns of its evidence checks and the changes of its evidence configs, by time. A backend
 * without the endpoint (a real Mission Control) shows the history alone.
 */
export function useIncidentTimeline(id: string): {
  entries: TimelineEntry[];
  isPending: boolean;
  error: Error | null;
} {
  const client = useApiClient();
  const history = useQuery(incidentHistoryQuery(client, id));
  const evidence = useQuery(incidentTimelineQuery(client, id));
  const entries = useMemo(
    () =>
      mergeTimeline(
        (history.data ?? []).map(historyEntry),
        (evidence.data?.entries ?? [])
          .map(evidenceEntry)
          .filter((entry): entry is TimelineEntry => entry !== null),
      ),
    [history.data, evidence.data],
  );
  return { entries, isPending: history.isPending, error: history.error };
}

/** Refetches everything shown about one incident (after any write), and the list. */
export function useRefreshIncident(id: string | undefined): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      id ? queryClient.invalidateQueries({ queryKey: incidentKeys.incident(id) }) : undefined,
      id
        ? queryClient.invalidateQueries({ queryKey: incidentKeys.incidentEvidence(id) })
        : undefined,
      queryClient.invalidateQueries({ queryKey: incidentKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: incidentKeys.search() }),
    ]);
  }, [queryClient, id]);
}
