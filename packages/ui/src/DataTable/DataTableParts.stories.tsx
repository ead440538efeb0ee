import type { Meta, StoryObj } from '@storybook/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { useReactRouterUrlState } from '../routing/reactRouterUrlState.ts';
import { DataTableBody } from './DataTableBody.tsx';
import { DataTableColumnToggle } from './DataTableColumnToggle.tsx';
import { DataTableCsvExport } from './DataTableCsvExport.tsx';
import {
  DataTableSelectFilter,
  DataTableTimeRangeFilter,
  DataTableTriStateFilter,
} from './DataTableFilters.tsx';
import { DataTablePager } from './DataTablePager.tsx';
import { DataTableRoot, DataTableToolbar } from './DataTableToolbar.tsx';
import { DataTableVirtualBody } from './DataTableVirtualBody.tsx';
import { multiSelectFilterFn, triStateFilterFn, decodeFilterList } from './filterValues.ts';
import { generateCheckRows, type CheckRow } from './fixtures.ts';
import { useDataTable, useDataTableQuery, type DataTableQuery } from './useDataTable.tsx';

const column = createColumnHelper<CheckRow>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('status', { header: 'Status', filterFn: multiSelectFilterFn }),
  column.accessor('team', { header: 'Team', filterFn: triStateFilterFn }),
  column.accessor('latency_ms', { header: 'Latency (ms)' }),
  column.accessor('created_at', { header: 'Created', sortDescFirst: true }),
];
const statusOptions = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'unknown', label: 'Unknown' },
];
const teamOptions = ['payments', 'platform', 'search', 'storage'].map((team) => ({
  value: team,
  label: team,
}));

// ---- A server-paged table over a fake async fetch ----

const serverRows = generateCheckRows(1_234);

// What the server does with a query; the story's "network" adds a delay.
function answer(query: DataTableQuery, all = false) {
  const statuses = decodeFilterList(query.filters.status);
  const search = query.filters.search?.toLowerCase();
  const matching = serverRows.filter(
    (row) =>
      (statuses.length === 0 || statuses.includes(row.status)) &&
      (!search || row.name.includes(search)),
  );
  const key = (query.sortBy ?? 'created_at') as keyof CheckRow;
  const sorted = [...matching].sort((a, b) => {
    const order = String(a[key]).localeCompare(String(b[key]), 'en', { numeric: true });
    return query.sortOrder === 'desc' ? -order : order;
  });
  const start = query.pageIndex * query.pageSize;
  return {
    rows: all ? sorted : sorted.slice(start, start + query.pageSize),
    total: matching.length,
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Stands in for useQuery(runsQuery(client, query)) with placeholderData: keepPreviousData: the
// previous page stays on screen while the next one loads.
function useFakeChecks(query: DataTableQuery) {
  const [page, setPage] = useState<ReturnType<typeof answer> | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void delay(400).then(() => current && setPage(answer(query)));
    return () => {
      current = false;
    };
  }, [query]);
  return page;
}

// Defined once, given to the fetch's hook and to the table's.
const checksTable = { id: 'checks', filters: ['status'], searchKey: 'search' } as const;

function ServerPagedChecks() {
  const { query } = useDataTableQuery(checksTable);
  const page = useFakeChecks(query);
  const dataTable = useDataTable({
    ...checksTable,
    columns,
    data: page?.rows ?? [],
    total: page?.total ?? 0,
    isLoading: page === undefined,
  });
  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        searchLabel="Search checks"
        searchPlaceholder="check name"
        actions={
          <>
            <DataTableColumnToggle dataTable={dataTable} />
            <DataTableCsvExport
              dataTable={dataTable}
              fileName="checks"
              fetchAll={async (current) => (await delay(200), answer(current, true).rows)}
            />
          </>
        }
      >
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
          multiple
        />
      </DataTableToolbar>
      <DataTableBody dataTable={dataTable} label="Health checks" maxHeight="480px" />
      <DataTablePager dataTable={dataTable} label="Health checks pagination" />
    </DataTableRoot>
  );
}

// ---- Client mode: filters beside the table, and 50,000 rows virtualised ----

const filteredTable = {
  id: 'runs',
  filters: ['status', 'team'],
  searchKey: 'name',
  timeRangeColumn: 'created_at',
  defaultHidden: ['latency_ms'],
} as const;
const filterRows = generateCheckRows(300);

function ClientFilters() {
  const dataTable = useDataTable({
    ...filteredTable,
    mode: 'client',
    columns,
    data: filterRows,
  });
  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        searchLabel="Search runs"
        actions={<DataTableColumnToggle dataTable={dataTable} />}
      >
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
          multiple
        />
        <DataTableTriStateFilter
          dataTable={dataTable}
          filterKey="team"
          label="Team"
          options={teamOptions}
        />
        <DataTableTimeRangeFilter dataTable={dataTable} />
      </DataTableToolbar>
      <DataTableBody dataTable={dataTable} label="Runs" />
      <DataTablePager dataTable={dataTable} label="Runs pagination" />
    </DataTableRoot>
  );
}

function VirtualChecks() {
  // Generated once: a new array every render would re-run the row models.
  const data = useMemo(() => generateCheckRows(50_000), []);
  const [opened, setOpened] = useState<string | undefined>(undefined);
  const dataTable = useDataTable({
    id: 'all-checks',
    mode: 'client',
    pagination: 'none',
    searchKey: 'name',
    columns,
    data,
  });
  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        searchLabel="Search checks"
        actions={<DataTableCsvExport dataTable={dataTable} fileName="all-checks" />}
      />
      <DataTableVirtualBody
        dataTable={dataTable}
        label="50,000 health checks"
        maxHeight="480px"
        onRowClick={(row) => setOpened(row.name)}
        rowActionDescription="Press Enter to open the check"
      />
      <DataTablePager dataTable={dataTable} label="Health checks count" />
      <p>{opened ? `Opened ${opened}` : 'Focus a row, move with the arrows, open with Enter.'}</p>
    </DataTableRoot>
  );
}

function FailedLoad() {
  const dataTable = useDataTable({
    id: 'failed',
    columns,
    data: [],
    total: 0,
    error: new Error('Authorization Error: you may not read canaries'),
  });
  return (
    <DataTableRoot>
      <DataTableBody dataTable={dataTable} label="Health checks" />
      <DataTablePager dataTable={dataTable} label="Health checks pagination" />
    </DataTableRoot>
  );
}

const meta = {
  title: 'Data/DataTable parts',
  // The parts read the URL through ui's routing binding; Storybook gives them a memory router.
  decorators: [
    (Story) => (
      <UrlStateProvider binding={useReactRouterUrlState}>
        <Story />
      </UrlStateProvider>
    ),
  ],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const ServerPaged: Story = { render: () => <ServerPagedChecks /> };
export const ServerPagedFiltered: Story = {
  render: () => <ServerPagedChecks />,
  parameters: {
    router: {
      initialEntries: [
        '/?checks.status.filter=unhealthy,unknown&checks.sortBy=name&checks.sortOrder=asc&checks.pageIndex=2&checks.hidden=team',
      ],
    },
  },
};
export const Filters: Story = {
  render: () => <ClientFilters />,
  parameters: {
    router: { initialEntries: ['/?runs.team.filter=payments:-1&runs.status.filter=healthy'] },
  },
};
export const VirtualFiftyThousand: Story = { render: () => <VirtualChecks /> };
export const Failed: Story = { render: () => <FailedLoad /> };
export const Phone: Story = {
  render: () => (
    // 390 px: the toolbar wraps, the table scrolls inside its region, the page does not.
    <div style={{ width: 390, border: '1px dashed currentColor' }}>
      <ClientFilters />
    </div>
  ),
};
export const Dark: Story = { render: () => <ClientFilters />, globals: { theme: 'dark' } };
