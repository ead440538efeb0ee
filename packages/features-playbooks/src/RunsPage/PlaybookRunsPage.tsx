import {
  isFinalRunStatus,
  listPlaybookRuns,
  playbookRunsQuery,
  playbookRunStatuses,
  playbooksQuery,
  runRefetchIntervalMs,
  type PlaybookResourceKind,
  type PlaybookRun,
  type PlaybookRunsQuery,
} from '@opsdeck/api-client/playbooks';
import { useApiClient, useLiveUpdates } from '@opsdeck/api-client/react';
import {
  formatDate,
  formatDuration,
  Moment,
  PageActions,
  PageLayout as Page,
  Select,
  useUrlState,
} from '@opsdeck/ui';
import { parseRouteSearch } from '@opsdeck/extensions';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableSelectFilter,
  DataTableTimeRangeFilter,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
  type DataTableState,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { ResourcePicker } from '../components/ResourcePicker.tsx';
import { ResourceLink } from '../components/ResourceLink.tsx';
import { RunStatusBadge } from '../components/RunStatusBadge.tsx';
import {
  parseResourceFilter,
  playbookTitle,
  resourceFilterValue,
  resourceKindLabels,
  runDurationMs,
  runResource,
  runsFilterKeys,
  runsRequest,
  statusLabel,
} from '../model/playbooks.ts';
import { playbooksRoutes } from '../routes.ts';
import { playbooksTestIds } from '../testIds.ts';

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const runsTable = {
  id: 'runs',
  filters: [...runsFilterKeys],
  defaultSort: null,
} as const;

const statusOptions = playbookRunStatuses.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

const runColumns: ColumnDef<PlaybookRun>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    enableSorting: false,
    accessorFn: (run) => (run.playbooks ? playbookTitle(run.playbooks) : (run.playbook_id ?? '')),
    cell: ({ row }) => (
      <Link to={`/playbooks/runs/${encodeURIComponent(row.original.id)}`}>
        {row.original.playbooks ? playbookTitle(row.original.playbooks) : row.original.id}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    accessorFn: (run) => statusLabel(run.status),
    cell: ({ row }) => <RunStatusBadge status={row.original.status} />,
  },
  {
    id: 'resource',
    header: 'Resource',
    enableSorting: false,
    accessorFn: (run) => runResource(run)?.name ?? '',
    cell: ({ row }) => {
      const resource = runResource(row.original);
      return resource ? (
        <ResourceLink kind={resource.kind} id={resource.id} name={resource.name} />
      ) : null;
    },
  },
  {
    id: 'started',
    header: 'Started',
    enableSorting: false,
    accessorFn: (run) => formatDate(run.start_time ?? run.created_at ?? null),
    cell: ({ row }) => (
      <Moment value={row.original.start_time ?? row.original.created_at ?? null} />
    ),
  },
  {
    id: 'duration',
    header: 'Duration',
    enableSorting: false,
    accessorFn: (run) => formatDuration(runDurationMs(run)),
  },
  {
    id: 'created_by',
    header: 'Run by',
    enableSorting: false,
    accessorFn: (run) =>
      typeof run.created_by === 'object' && run.created_by
        ? (run.created_by.name ?? run.created_by.email ?? '')
        : '',
  },
];

const Filter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: min(100%, 280px);
`;

/** The resource filter: a kind, then a resource of that kind found by search (`kind:id` in the URL). */
function ResourceFilter({ dataTable }: { dataTable: DataTableState<PlaybookRun> }) {
  const current = parseResourceFilter(dataTable.query.filters.resource);
  const [kind, setKind] = useState<PlaybookResourceKind>(current?.kind ?? 'config');
  return (
    <Filter>
      <Select
        label="Resource kind"
        hideLabel
        value={kind}
        options={(['config', 'component', 'check'] as const).map((value) => ({
          value,
          label: resourceKindLabels[value],
        }))}
        onChange={(value) => setKind(value as PlaybookResourceKind)}
      />
      <ResourcePicker
        kind={kind}
        label={`Resource: ${resourceKindLabels[kind]}`}
        value={current ? { id: current.id, name: current.id } : undefined}
        onChange={(picked) =>
          dataTable.setFilter(
            'resource',
            picked ? resourceFilterValue({ kind, id: picked.id }) : '',
          )
        }
      />
    </Filter>
  );
}

function RunsTable() {
  const client = useApiClient();
  const navigate = useNavigate();
  const live = useLiveUpdates() === 'live';
  // The filters as the route's schema reads them, the one other features' links are typed by: a
  // value it refuses (a hand-edited status) is dropped rather than asked for.
  const search = parseRouteSearch(playbooksRoutes.runs, useUrlState().searchParams);
  const { dataTable } = useServerList({
    ...runsTable,
    columns: runColumns,
    getRowId: (run: PlaybookRun) => run.id,
    // A relative time range resolves once per change of the table's state.
    request: (query) =>
      runsRequest({
        ...query,
        filters: definedOnly({
          playbook: search['runs.playbook.filter'],
          status: search['runs.status.filter'],
          resource: search['runs.resource.filter'],
        }),
      }),
    page: (request: PlaybookRunsQuery) => playbookRunsQuery(client, request),
    // Every page of the query, read page by page by the export (it used to stop at 1,000 silently).
    exportPage: (request: PlaybookRunsQuery) => listPlaybookRuns(client, request),
    // Live progress: the change stream refreshes it; without one, while a run on the page moves,
    // the page refetches by itself.
    refetchInterval: (page) =>
      !live && page?.rows.some((run) => !isFinalRunStatus(run.status))
        ? runRefetchIntervalMs
        : false,
  });
  const playbooks = useQuery(playbooksQuery(client));

  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        actions={<DataTableCsvExport dataTable={dataTable} fileName="playbook-runs" />}
      >
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="playbook"
          label="Playbook"
          options={(playbooks.data ?? []).map((playbook) => ({
            value: playbook.id,
            label: playbookTitle(playbook),
          }))}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
        />
        <ResourceFilter dataTable={dataTable} />
        <DataTableTimeRangeFilter dataTable={dataTable} />
      </DataTableToolbar>
      <DataTableBody
        dataTable={dataTable}
        label="Playbook runs"
        onRowClick={(run) => void navigate(`/playbooks/runs/${encodeURIComponent(run.id)}`)}
        rowActionDescription="Opens the run"
      />
      <DataTablePager dataTable={dataTable} label="Playbook runs pagination" />
    </DataTableRoot>
  );
}

/** `/playbooks/runs`: every run, filtered and paged in the URL, live while runs move. */
export function PlaybookRunsPage() {
  return (
    <Page data-testid={playbooksTestIds.runs.root}>
      <PageActions>
        <Link to="/playbooks">Playbooks</Link>
      </PageActions>
      <RunsTable />
    </Page>
  );
}
