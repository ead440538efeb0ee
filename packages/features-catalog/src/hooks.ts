import { configFilterOptionsQuery } from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { formatTypePath } from './model/typePath.ts';

/** The filter bar's options: types as readable paths, statuses, labels and tags as `key=value`. */
export function useConfigFilterOptions() {
  const client = useApiClient();
  const options = useQuery(configFilterOptionsQuery(client));
  return useMemo(() => {
    const data = options.data;
    const pairs = (items: { key: string; value: string }[] = []) =>
      items.map(({ key, value }) => ({ value: `${key}=${value}`, label: `${key}: ${value}` }));
    return {
      types: (data?.types ?? []).map((type) => ({ value: type, label: formatTypePath(type) })),
      statuses: (data?.statuses ?? []).map((status) => ({ value: status, label: status })),
      labels: pairs(data?.labels),
      tags: pairs(data?.tags),
    };
  }, [options.data]);
}

/**
 * Whether the page has painted since `key` last changed (`undefined`: not ready yet). For work
 * that must not compete with a redraw, such as the count asked after a list's rows: a request
 * sent from the rows' commit would be answered, and drawn, before those rows are on screen.
 */
export function usePaintedSince(key: string | undefined): boolean {
  const [painted, setPainted] = useState<string>();
  useEffect(() => {
    if (key === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(key), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
  return key !== undefined && painted === key;
}
