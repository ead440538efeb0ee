import { isUuid } from '@opsdeck/api-client';
import {
  catalogChangesQuery,
  configChecksQuery,
  configInsightsQuery,
  relatedConfigsQuery,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import type { DataTableQuery } from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { changesQueryOf, insightsQueryOf } from '../model/changesQuery.ts';
import { relatedQueryOf, relationshipsViewOf } from '../model/relationships.ts';

/** The window a config's Changes tab opens on (and its count covers). */
export const configChangesDefaultFrom = 'now-30d';

// A tab as it opens: no filter, no range picked, the first row (only the count is read).
const opening: DataTableQuery = {
  pageIndex: 0,
  pageSize: 1,
  sortBy: undefined,
  sortOrder: undefined,
  filters: {},
};

interface ConfigTabCounts {
  changes?: number;
  insights?: number;
  relationships?: number;
  checks?: number;
}

/**
 * Each tab's count from the request the tab itself makes when it opens (its window, its default
 * filter, its walk), so "Changes (5)" opens on five changes. A count not answered yet is absent:
 * the tab shows no number rather than another definition's.
 */
export function useConfigTabCounts(configId: string): ConfigTabCounts {
  const client = useApiClient();
  // A malformed id is a "Not found" page that asks the server nothing.
  const enabled = isUuid(configId);
  const changes = useQuery({
    ...catalogChangesQuery(
      client,
      changesQueryOf(opening, {
        configId,
        recursive: 'none',
        defaultFrom: configChangesDefaultFrom,
      }),
    ),
    enabled,
  });
  const insights = useQuery({
    ...configInsightsQuery(client, insightsQueryOf(opening, configId)),
    enabled,
  });
  const related = useQuery({
    ...relatedConfigsQuery(
      client,
      relatedQueryOf(configId, relationshipsViewOf(new URLSearchParams())),
    ),
    enabled,
  });
  const checks = useQuery({ ...configChecksQuery(client, configId), enabled });
  return {
    ...(changes.data ? { changes: changes.data.total } : {}),
    ...(insights.data ? { insights: insights.data.total } : {}),
    ...(related.data ? { relationships: related.data.length } : {}),
    ...(checks.data ? { checks: checks.data.length } : {}),
  };
}
