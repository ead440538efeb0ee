import { integrationsQuery, type Integration } from '@opsdeck/api-client/connections';
import { useApiClient } from '@opsdeck/api-client/react';
import { EmptyState, formatDate, Moment, StatusDot } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableRoot,
  useDataTable,
  useDataTableQuery,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Page } from '../components/PageLayout.ts';
import { integrationPath, integrationTypes, isIntegrationType } from '../model/integrationTypes.ts';
import { connectionsTestIds } from '../testIds.ts';

const Status = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const typeLabel = (type: string) => (isIntegrationType(type) ? integrationTypes[type].label : type);

const columns: ColumnDef<Integration>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name,
    cell: ({ row }) => (
      <Link to={integrationPath(row.original.integration_type, row.original.id)}>
        {row.original.name}
      </Link>
    ),
  },
  {
    id: 'integration_type',
    header: 'Type',
    accessorFn: (row) => typeLabel(row.integration_type),
  },
  {
    id: 'job_status',
    header: 'Last job',
    accessorFn: (row) => row.job_status ?? '',
    cell: ({ row }) =>
      row.original.job_status ? (
        <Status>
          <span aria-hidden="true">
            <StatusDot status={row.original.job_status} />
          </span>
          {row.original.job_status}
        </Status>
      ) : null,
  },
  {
    id: 'job_success_count',
    header: 'Success',
    enableSorting: false,
    accessorFn: (row) => row.job_success_count ?? '',
  },
  {
    id: 'job_error_count',
    header: 'Errors',
    enableSorting: false,
    accessorFn: (row) => row.job_error_count ?? '',
  },
  {
    id: 'job_time_start',
    header: 'Last run',
    accessorFn: (row) => formatDate(row.job_time_start),
    cell: ({ row }) => <Moment value={row.original.job_time_start} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    accessorFn: (row) => formatDate(row.created_at),
    cell: ({ row }) => <Moment value={row.original.created_at} />,
  },
];

const noRows: Integration[] = [];
const integrationsTable = {
  id: 'integrations',
  defaultSort: { id: 'created_at', desc: true },
  defaultPageSize: 50,
  rememberPageSize: false,
};

/**
 * `/settings/integrations` (settings §2, §7): catalog scrapers, topologies and log backends with
 * their newest job (status, counts, when it ran), paged by the server; a row opens its editor.
 */
export function IntegrationsPage({ actions }: { actions?: ReactNode }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const { query } = useDataTableQuery(integrationsTable);
  const list = useQuery(
    integrationsQuery(client, {
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      sortBy: query.sortBy,
      sortDirection: query.sortOrder,
    }),
  );
  const dataTable = useDataTable({
    ...integrationsTable,
    columns,
    data: list.data?.rows ?? noRows,
    total: list.data?.total ?? 0,
    getRowId: (row) => `${row.integration_type}/${row.id}`,
    isLoading: list.isPending,
    error: list.data ? undefined : (list.error ?? undefined),
  });
  return (
    <Page data-testid={connectionsTestIds.integrations}>
      {actions}
      <DataTableRoot>
        <DataTableBody
          dataTable={dataTable}
          label="Integrations"
          rowActionDescription="Press Enter to open it"
          onRowClick={(row) => void navigate(integrationPath(row.integration_type, row.id))}
          empty={<EmptyState kind="resources" />}
        />
        <DataTablePager dataTable={dataTable} label="Integrations pagination" />
      </DataTableRoot>
    </Page>
  );
}
