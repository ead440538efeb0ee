import { checkModalSearch } from '@opsdeck/features-health/slots';
import { configChecksQuery, type ConfigCheck } from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { EmptyState } from '@opsdeck/ui';
import { DataTableBody, DataTableRoot, useDataTable, type ColumnDef } from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Health } from '../components/Health.tsx';
import { catalogExternalRoutes } from '../routes.ts';
import { catalogTestIds } from '../testIds.ts';
import { useConfig } from './configContext.ts';

const noRows: ConfigCheck[] = [];
const rowId = (row: ConfigCheck) => row.id;
const checksTable = {
  id: 'checks',
  defaultSort: { id: 'name', desc: false },
  rememberPageSize: false,
};

/** The health checks linked to the config; a row opens the check's modal on the health page. */
export function ConfigChecksPage() {
  const { config } = useConfig();
  const client = useApiClient();
  const navigate = useNavigate();
  const checks = useQuery(configChecksQuery(client, config.id));
  const toHealth = useRouteLink(catalogExternalRoutes.healthPage);
  // Console §2: a check opens its modal on the health page.
  const checkHref = useMemo(
    () => toHealth && ((id: string) => toHealth({}, checkModalSearch(id))),
    [toHealth],
  );
  const columns = useMemo<ColumnDef<ConfigCheck>[]>(
    () => [
      {
        id: 'name',
        header: 'Check',
        accessorFn: (row) => row.name ?? row.id,
        cell: ({ row }) =>
          checkHref ? (
            <Link to={checkHref(row.original.id)}>{row.original.name ?? row.original.id}</Link>
          ) : (
            (row.original.name ?? row.original.id)
          ),
      },
      {
        id: 'status',
        header: 'Health',
        accessorFn: (row) => row.status ?? '',
        cell: ({ row }) => <Health health={row.original.status ?? 'unknown'} />,
      },
      { id: 'type', header: 'Type', accessorFn: (row) => row.type ?? '' },
    ],
    [checkHref],
  );
  const dataTable = useDataTable({
    ...checksTable,
    mode: 'client',
    pagination: 'none',
    columns,
    data: checks.data ?? noRows,
    getRowId: rowId,
    isLoading: checks.isPending,
    error: checks.data ? undefined : (checks.error ?? undefined),
  });
  return (
    <div data-testid={catalogTestIds.checks.root}>
      <DataTableRoot>
        <DataTableBody
          dataTable={dataTable}
          label={`Checks of ${config.name ?? config.id}`}
          {...(checkHref
            ? {
                onRowClick: (check: ConfigCheck) => void navigate(checkHref(check.id)),
                rowActionDescription: 'Press Enter to open the check',
              }
            : {})}
          empty={<EmptyState kind="data" title="No checks are linked to this config" />}
        />
      </DataTableRoot>
    </div>
  );
}
