import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import {
  getEvidenceSubjects,
  getIncident,
  getIncidentHistory,
  getIncidentResponders,
  getIncidentTimeline,
  listComponentOptions,
  listIncidents,
  searchComponents,
  searchHypotheses,
  searchIncidents,
  type EvidenceSubjectIds,
  type IncidentListQuery,
} from './calls.ts';
import { incidentKeys } from './keys.ts';

/** Settings §9: lists of people and teams change rarely; five minutes. */
const pickerStaleMs = 300_000;

/** A page of the list; the previous page stays on screen while the next one loads. */
export const incidentListQuery = (client: ApiClient, query: IncidentListQuery) =>
  queryOptions({
    queryKey: incidentKeys.list(query),
    queryFn: ({ signal }) => listIncidents(client, query, { signal }),
    placeholderData: keepPreviousData,
  });

export const incidentQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => getIncident(client, id, { signal }),
  });

export const incidentRespondersQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: incidentKeys.responders(id),
    queryFn: ({ signal }) => getIncidentResponders(client, id, { signal }),
  });

export const incidentHistoryQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: incidentKeys.history(id),
    queryFn: ({ signal }) => getIncidentHistory(client, id, { signal }),
  });

/** The evidence's status changes from our server's timeline; absent elsewhere (404, not retried). */
export const incidentTimelineQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: incidentKeys.timeline(id),
    queryFn: ({ signal }) => getIncidentTimeline(client, id, { signal }),
    retry: false,
  });

export const evidenceSubjectsQuery = (client: ApiClient, id: string, ids: EvidenceSubjectIds) =>
  queryOptions({
    queryKey: incidentKeys.subjects(id, ids),
    queryFn: ({ signal }) => getEvidenceSubjects(client, ids, { signal }),
    placeholderData: keepPreviousData,
  });

export const incidentSearchQuery = (client: ApiClient, search: string) =>
  queryOptions({
    queryKey: incidentKeys.searchIncidents(search),
    queryFn: ({ signal }) => searchIncidents(client, search, { signal }),
    // The options stay while the next search runs: a list emptied on every key would flicker and
    // drop the option under the pointer.
    placeholderData: keepPreviousData,
  });

export const hypothesisSearchQuery = (client: ApiClient, incidentId: string, search: string) =>
  queryOptions({
    queryKey: incidentKeys.searchHypotheses(incidentId, search),
    queryFn: ({ signal }) => searchHypotheses(client, incidentId, search, { signal }),
    // Kept while the text changes, never across incidents: another incident's hypotheses must not
    // show (or be preselected) under this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[4] === incidentId ? previous : undefined,
  });

export const componentOptionsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: incidentKeys.components(),
    queryFn: ({ signal }) => listComponentOptions(client, { signal }),
    staleTime: pickerStaleMs,
  });

/** Components whose name contains the search, for the create form's affected component. */
export const componentSearchQuery = (client: ApiClient, search: string) =>
  queryOptions({
    queryKey: incidentKeys.searchComponents(search),
    queryFn: ({ signal }) => searchComponents(client, search, { signal }),
    staleTime: pickerStaleMs,
  });
