import { useApiClient } from '@opsdeck/api-client/react';
import { resourceJobsQuery, type ResourceJob } from '@opsdeck/api-client/settings';
import { EmptyState, formatDate, Moment } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableRoot,
  useDataTable,
  useDataTableQuery,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { settingsTestIds } from '../testIds.ts';

// settings §2: the resource's jobs, without resource_id, resource_type and resource_name.
const columns: ColumnDef<ResourceJob>[] = [
  {
    id: 'created_at',
    header: 'Timestamp',
    enableSorting: false,
    accessorFn: (row) => formatDate(row.time_start ?? row.created_at),
    cell: ({ row }) => <Moment value={row.original.time_start ?? row.original.created_at} />,
  },
  { id: 'name', header: 'Job Name', enableSorting: false, accessorFn: (row) => row.name ?? '' },
  { id: 'status', header: 'Status', enableSorting: false, accessorFn: (row) => row.status ?? '' },
  {
    id: 'duration_millis',
    header: 'Duration',
    enableSorting: false,
    accessorFn: (row) => (row.duration_millis == null ? '' : `${row.duration_millis} ms`),
  },
  {
    id: 'success_count',
    header: 'Success',
    enableSorting: false,
    accessorFn: (row) => row.success_count ?? '',
  },
  {
    id: 'error_count',
    header: 'Error',
    enableSorting: false,
    accessorFn: (row) => row.error_count ?? '',
  },
];

const noRows: ResourceJob[] = [];
// settings §7: a resource's jobs page by 150 by default, newest first.
const jobsTable = {
  id: 'jobs',
  defaultSort: null,
  defaultPageSize: 150,
  rememberPageSize: false,
};

export function JobHistoryTab({ resourceId }: { resourceId: string }) {
  const client = useApiClient();
  const { query } = useDataTableQuery(jobsTable);
  const jobs = useQuery(
    resourceJobsQuery(client, {
      resourceId,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
  );
  const dataTable = useDataTable({
    ...jobsTable,
    columns,
    data: jobs.data?.data ?? noRows,
    total: jobs.data?.total ?? 0,
    getRowId: (row) => row.id,
    isLoading: jobs.isPending,
    error: jobs.data ? undefined : (jobs.error ?? undefined),
  });
  return (
    <section aria-label="Job history" data-testid={settingsTestIds.jobs}>
      <DataTableRoot>
        <DataTableBody
          dataTable={dataTable}
          label="Job history"
          empty={<EmptyState kind="details" />}
        />
        <DataTablePager dataTable={dataTable} label="Job history pagination" />
      </DataTableRoot>
    </section>
  );
}
