import { settingsResourcesQuery, type SettingsResource } from '@opsdeck/api-client/settings';
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import { EmptyState, formatDate, Moment, UnauthorizedPage } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableRoot,
  DataTableToolbar,
  useDataTable,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Actions, Page } from '../components/PageLayout.ts';
import { NEW_RESOURCE_ID, settingsEditPath, type SettingsKind } from '../model/kinds.ts';
import { useSettingsKind } from '../model/useKind.ts';
import { settingsTestIds } from '../testIds.ts';

const noRows: SettingsResource[] = [];
const rowId = (row: SettingsResource) => row.id;

function columnsOf(kind: SettingsKind): ColumnDef<SettingsResource>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name ?? row.id,
      cell: ({ row }) => (
        <Link to={settingsEditPath(kind, row.original.id)}>
          {row.original.name ?? row.original.id}
        </Link>
      ),
    },
    ...(kind.columns.namespace
      ? [
          {
            id: 'namespace',
            header: 'Namespace',
            accessorFn: (row: SettingsResource) => row.namespace ?? '',
          },
        ]
      : []),
    ...(kind.columns.schedule
      ? [
          {
            id: 'schedule',
            header: 'Schedule',
            accessorFn: (row: SettingsResource) => row.schedule ?? '',
          },
        ]
      : []),
    { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
    {
      id: 'created_at',
      header: 'Created',
      accessorFn: (row) => formatDate(row.created_at),
      cell: ({ row }) => <Moment value={row.original.created_at} />,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      accessorFn: (row) => formatDate(row.updated_at),
      cell: ({ row }) => <Moment value={row.original.updated_at} />,
    },
  ];
}

/** `/settings/{table}`: the kind's records (settings §7: the newest 100), an Add for writers. */
export function ResourceListPage() {
  const kind = useSettingsKind();
  const client = useApiClient();
  const navigate = useNavigate();
  const canRead = useCan(kind.resource, 'read');
  const canWrite = useCan(kind.resource, 'write');
  const list = useQuery({
    ...settingsResourcesQuery(client, kind.table),
    enabled: canRead || canWrite,
  });
  const columns = useMemo(() => columnsOf(kind), [kind]);
  const dataTable = useDataTable({
    id: `settings-${kind.table}`,
    defaultSort: { id: 'created_at', desc: true },
    searchKey: 'search',
    rememberPageSize: false,
    mode: 'client',
    columns,
    data: list.data ?? noRows,
    getRowId: rowId,
    isLoading: list.isPending,
    error: list.data ? undefined : (list.error ?? undefined),
  });
  // console §2: read on the table lists it; neither, Unauthorized.
  if (!canRead && !canWrite) return <UnauthorizedPage />;
  return (
    <Page data-testid={settingsTestIds.list}>
      {canWrite && (
        <Actions>
          <Link
            to={settingsEditPath(kind, NEW_RESOURCE_ID)}
            data-testid={settingsTestIds.add}
          >{`Add ${kind.singular.toLowerCase()}`}</Link>
        </Actions>
      )}
      <DataTableRoot>
        <DataTableToolbar
          dataTable={dataTable}
          searchLabel={`Search ${kind.label.toLowerCase()}`}
        />
        <DataTableBody
          dataTable={dataTable}
          label={kind.label}
          rowActionDescription="Press Enter to open it"
          onRowClick={(row) => void navigate(settingsEditPath(kind, row.id))}
          empty={<EmptyState kind="resources" />}
        />
      </DataTableRoot>
    </Page>
  );
}
