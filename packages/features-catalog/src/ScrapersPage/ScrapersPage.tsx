import { configScrapersQuery, type ConfigScraper } from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { EmptyState, formatDate, Moment, PageActions } from '@opsdeck/ui';
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
import { CatalogNav } from '../components/CatalogNav.tsx';
import { Health } from '../components/Health.tsx';
import { NoWrap, PageRoot } from '../components/PageLayout.ts';
import { catalogExternalRoutes } from '../routes.ts';
import { catalogTestIds } from '../testIds.ts';
import { jobHealth } from './jobStatus.ts';

export const scraperPath = (id: string) => `/catalog/scrapers/${encodeURIComponent(id)}`;

const noRows: ConfigScraper[] = [];
const rowId = (row: ConfigScraper) => row.id;
const baseColumns: ColumnDef<ConfigScraper>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name ?? row.id,
    cell: ({ row }) => (
      <Link to={scraperPath(row.original.id)}>{row.original.name ?? row.original.id}</Link>
    ),
  },
  { id: 'namespace', header: 'Namespace', accessorFn: (row) => row.namespace ?? '' },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  {
    id: 'job_status',
    header: 'Last run',
    accessorFn: (row) => row.job_status ?? '',
    cell: ({ row }) =>
      row.original.job_status ? (
        <Health health={jobHealth(row.original.job_status)} label={row.original.job_status} />
      ) : null,
  },
  {
    id: 'job_time_start',
    header: 'Ran',
    accessorFn: (row) => formatDate(row.job_time_start),
    cell: ({ row }) =>
      row.original.job_time_start ? (
        <NoWrap>
          <Moment value={row.original.job_time_start} />
        </NoWrap>
      ) : null,
  },
  {
    id: 'job_success_count',
    header: 'Scraped',
    accessorFn: (row) => row.job_success_count ?? '',
  },
  { id: 'job_error_count', header: 'Errors', accessorFn: (row) => row.job_error_count ?? '' },
  { id: 'agent', header: 'Agent', accessorFn: (row) => row.agent?.name ?? '' },
  {
    id: 'created_at',
    header: 'Created',
    accessorFn: (row) => formatDate(row.created_at),
    cell: ({ row }) => <Moment value={row.original.created_at} />,
  },
];
/** The columns, with a link to each scraper's spec editor where the console has one. */
function columnsOf(editor: ((id: string) => string) | undefined): ColumnDef<ConfigScraper>[] {
  if (!editor) return baseColumns;
  return [
    ...baseColumns,
    {
      id: 'editor',
      header: 'Spec',
      enableSorting: false,
      cell: ({ row }) => (
        <Link
          to={editor(row.original.id)}
          aria-label={`Open ${row.original.name ?? row.original.id} in the editor`}
          onClick={(event) => event.stopPropagation()}
        >
          Editor
        </Link>
      ),
    },
  ];
}

const scrapersTable = {
  id: 'scrapers',
  defaultSort: { id: 'created_at', desc: true },
  searchKey: 'search',
  rememberPageSize: false,
};

/** `/catalog/scrapers`: the config scrapers with their last run (reference §3: the newest 100). */
export function ScrapersPage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const scrapers = useQuery(configScrapersQuery(client));
  // The settings editor, bound by the app (unbound, or not readable: no link); a new scraper's
  // editor needs write on config_scrapers, so only writers get "Add scraper".
  const scraperEditor = useRouteLink(catalogExternalRoutes.scraperEditor);
  const newScraper = useRouteLink(catalogExternalRoutes.newScraper);
  const columns = useMemo(
    () => columnsOf(scraperEditor && ((id: string) => scraperEditor({ id }))),
    [scraperEditor],
  );
  const dataTable = useDataTable({
    ...scrapersTable,
    mode: 'client',
    columns,
    data: scrapers.data ?? noRows,
    getRowId: rowId,
    isLoading: scrapers.isPending,
    error: scrapers.data ? undefined : (scrapers.error ?? undefined),
  });
  return (
    <PageRoot data-testid={catalogTestIds.scrapers.root}>
      <CatalogNav />
      {newScraper && (
        <PageActions>
          <Link to={newScraper({})}>Add scraper</Link>
        </PageActions>
      )}
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable} searchLabel="Search scrapers" />
        <DataTableBody
          dataTable={dataTable}
          label="Scrapers"
          rowActionDescription="Press Enter to open the scraper"
          onRowClick={(scraper) => void navigate(scraperPath(scraper.id))}
          empty={<EmptyState kind="resources" />}
        />
      </DataTableRoot>
    </PageRoot>
  );
}
