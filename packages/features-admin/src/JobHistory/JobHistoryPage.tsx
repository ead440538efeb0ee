import {
  jobAgentName,
  jobHistoryQuery,
  jobNamesQuery,
  listJobHistory,
  type JobHistory,
  type JobHistoryQuery,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { Badge, EmptyState, formatDate, Moment, TriStateFilter } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableRoot,
  DataTableSelectFilter,
  DataTableTimeRangeFilter,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OneLineRows, Page } from '../components/PageLayout.ts';
import {
  formatJobDuration,
  jobDetailTabs,
  jobDurations,
  jobResourceTypes,
  jobsRequest,
  jobStatusColor,
  jobStatuses,
  jobsStatusFilterValue,
  jobsStatusSelection,
  jobsTable,
} from '../model/jobs.ts';
import { adminTestIds } from '../testIds.ts';
import { JobDetails } from './JobDetails.tsx';
import { JobResourceLink } from './JobResourceLink.tsx';

const columns: ColumnDef<JobHistory>[] = [
  {
    id: 'created_at',
    header: 'Timestamp',
    accessorFn: (job) => formatDate(job.time_start ?? job.created_at),
    cell: ({ row }) => <Moment value={row.original.time_start ?? row.original.created_at} />,
  },
  { id: 'name', header: 'Job Name', accessorFn: (job) => job.name ?? '' },
  {
    id: 'agent',
    header: 'Agent',
    enableSorting: false,
    accessorFn: (job) => jobAgentName(job),
  },
  {
    id: 'resource_name',
    header: 'Resource',
    accessorFn: (job) => job.resource_name ?? job.resource_id ?? '',
    cell: ({ row }) => <JobResourceLink job={row.original} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (job) => job.status ?? '',
    cell: ({ row }) =>
      row.original.status ? (
        <Badge color={jobStatusColor(row.original.status)}>{row.original.status}</Badge>
      ) : null,
  },
  {
    id: 'duration_millis',
    header: 'Duration',
    accessorFn: (job) => formatJobDuration(job.duration_millis),
  },
  {
    id: 'statistics',
    header: 'Statistics',
    enableSorting: false,
    accessorFn: (job) => `Success ${job.success_count ?? 0}, Error ${job.error_count ?? 0}`,
  },
];

const statusOptions = jobStatuses.map((status) => ({ value: status, label: status }));
const typeOptions = jobResourceTypes.map((type) => ({ value: type, label: type }));
const durationOptions = jobDurations.map(({ value, label }) => ({ value, label }));

/** `/settings/jobs`: every job run, filtered, sorted and paged in the URL (settings §2, §9). */
export function JobHistoryPage() {
  const client = useApiClient();
  const [open, setOpen] = useState<JobHistory>();
  const { dataTable } = useServerList({
    ...jobsTable,
    columns,
    getRowId: (job: JobHistory) => job.id,
    request: (query) => jobsRequest(query),
    page: (request: JobHistoryQuery) => jobHistoryQuery(client, request),
    exportPage: (request: JobHistoryQuery) => listJobHistory(client, request),
  });
  const names = useQuery(jobNamesQuery(client));
  return (
    <Page data-testid={adminTestIds.jobs.page}>
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable}>
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="name"
            label="Job name"
            options={(names.data ?? []).map((name) => ({ value: name, label: name }))}
          />
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="resourceType"
            label="Resource type"
            options={typeOptions}
          />
          <TriStateFilter
            label="Status"
            options={statusOptions}
            value={jobsStatusSelection(dataTable.query.filters.status)}
            onChange={(selection) =>
              dataTable.setFilter('status', jobsStatusFilterValue(selection))
            }
          />
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="runDuration"
            label="Duration"
            allLabel="None"
            options={durationOptions}
          />
          {/* No range picked: the last 2 days (settings §9), and the button says so. */}
          <DataTableTimeRangeFilter dataTable={dataTable} indefiniteLabel="Last 2 days" />
        </DataTableToolbar>
        <OneLineRows>
          <DataTableBody
            dataTable={dataTable}
            label="Job history"
            rowActionDescription="Opens the job's details when it has any"
            onRowClick={(job) => {
              if (jobDetailTabs(job.details).length > 0) setOpen(job);
            }}
            empty={<EmptyState kind="details" />}
          />
        </OneLineRows>
        <DataTablePager dataTable={dataTable} label="Job history pagination" />
      </DataTableRoot>
      {open ? <JobDetails job={open} onClose={() => setOpen(undefined)} /> : null}
    </Page>
  );
}
