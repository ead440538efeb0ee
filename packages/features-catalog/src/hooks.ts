import { configFilterOptionsQuery } from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
