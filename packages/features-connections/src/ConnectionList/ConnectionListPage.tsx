import {
  connectionsPageQuery,
  listConnectionsPage,
  type Connection,
  type ConnectionsPageQuery,
} from '@opsdeck/api-client/connections';
import { useApiClient } from '@opsdeck/api-client/react';
import { connectionTypes } from '@opsdeck/contracts/connection';
import { useCan } from '@opsdeck/rbac/react';
import { EmptyState, formatDate, Moment } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableSelectFilter,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
  type DataTableQuery,
} from '@opsdeck/ui/data-table';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Actions, Page } from '../components/PageLayout.ts';
import { connectionEditPath, NEW_CONNECTION_ID } from '../model/paths.ts';
import { connectionTypeIcon } from '../model/typeIcons.ts';
import { connectionsTestIds } from '../testIds.ts';

const rowId = (row: Connection) => row.id;
const typeLabels = new Map(
  connectionTypes.map((form) => [form.type, form.label.replace(/ connection$/, '')] as const),
);
const typeLabel = (type: string) => typeLabels.get(type) ?? type;
const typeOptions = connectionTypes
  .filter((form) => !form.hidden)
  .map((form) => ({ value: form.type, label: typeLabel(form.type) }))
  .sort((a, b) => a.label.localeCompare(b.label));

const NameLink = styled(Link)`
  display: inline-block;
  max-width: 40ch;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: bottom;
`;

const TypeCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

function creatorOf(row: Connection): string {
  const creator = row.created_by;
  if (!creator) return '';
  return typeof creator === 'string' ? creator : (creator.name ?? creator.email ?? '');
}

const columns: ColumnDef<Connection>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name,
    // A long name is cut (whole in its title and on its page) so the other columns stay on screen.
    cell: ({ row }) => (
      <NameLink to={connectionEditPath(row.original.id)} title={row.original.name}>
        {row.original.name}
      </NameLink>
    ),
  },
  { id: 'namespace', header: 'Namespace', accessorFn: (row) => row.namespace ?? '' },
  {
    id: 'type',
    header: 'Type',
    accessorFn: (row) => row.type,
    cell: ({ row }) => {
      const Icon = connectionTypeIcon(row.original.type);
      return (
        <TypeCell>
          <Icon size={16} aria-hidden />
          {typeLabel(row.original.type)}
        </TypeCell>
      );
    },
  },
  { id: 'created_by', header: 'Created by', accessorFn: creatorOf, enableSorting: false },
  {
    id: 'updated_at',
    header: 'Updated',
    accessorFn: (row) => formatDate(row.updated_at ?? row.created_at),
    cell: ({ row }) => <Moment value={row.original.updated_at ?? row.original.created_at} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    accessorFn: (row) => formatDate(row.created_at),
    cell: ({ row }) => <Moment value={row.original.created_at} />,
  },
];

/** The list's URL state (`connections.search.filter`, `connections.type.filter`, paging, sort). */
const connectionsTable = {
  id: 'connections',
  // settings §9: lists open newest first.
  defaultSort: { id: 'created_at', desc: true },
  searchKey: 'search',
  filters: ['type'],
  rememberPageSize: false,
} as const;

/** The api request of the table's URL state: the server filters, orders, pages and counts. */
function connectionsRequest(query: DataTableQuery): ConnectionsPageQuery {
  const { search, type } = query.filters;
  return {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    ...(search ? { search } : {}),
    ...(type ? { type } : {}),
  };
}

/**
 * `/settings/connections` (settings §2, §7): live connections filtered and paged by the server
 * (a count of every match, none cut), New for admins.
 */
export function ConnectionListPage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const canWrite = useCan('connections', 'write');
  const { dataTable } = useServerList({
    ...connectionsTable,
    columns,
    getRowId: rowId,
    request: connectionsRequest,
    page: (request: ConnectionsPageQuery) => connectionsPageQuery(client, request),
    exportPage: (request: ConnectionsPageQuery) => listConnectionsPage(client, request),
  });
  return (
    <Page data-testid={connectionsTestIds.list}>
      {canWrite && (
        <Actions>
          <Link to={connectionEditPath(NEW_CONNECTION_ID)} data-testid={connectionsTestIds.add}>
            New connection
          </Link>
        </Actions>
      )}
      <DataTableRoot>
        <DataTableToolbar
          dataTable={dataTable}
          searchLabel="Search connections"
          actions={<DataTableCsvExport dataTable={dataTable} fileName="connections" />}
        >
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="type"
            label="Type"
            options={typeOptions}
          />
        </DataTableToolbar>
        <DataTableBody
          dataTable={dataTable}
          label="Connections"
          rowActionDescription="Press Enter to open it"
          onRowClick={(row) => void navigate(connectionEditPath(row.id))}
          empty={<EmptyState kind="resources" />}
        />
        <DataTablePager dataTable={dataTable} label="Connections pagination" />
      </DataTableRoot>
    </Page>
  );
}
