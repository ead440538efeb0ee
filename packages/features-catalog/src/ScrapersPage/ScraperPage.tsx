import { isNotFoundError, isUuid } from '@opsdeck/api-client';
import {
  configListQuery,
  configScraperQuery,
  scraperJobsQuery,
  type ConfigListItem,
  type ScraperJob,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { usePageTitle } from '@opsdeck/extensions/react';
import {
  EmptyState,
  ErrorPage,
  NotFoundPage,
  formatDate,
  Moment,
  formatDuration,
  SkeletonPage,
} from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableRoot,
  useDataTable,
  useDataTableQuery,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { CatalogNav } from '../components/CatalogNav.tsx';
import { Health } from '../components/Health.tsx';
import { Muted, PageRoot, Section } from '../components/PageLayout.ts';
import { configColumns } from '../ListPage/columns.tsx';
import { ConfigLinksProvider, configPath } from '../ListPage/ConfigLink.tsx';
import { configListQueryOf } from '../model/listQuery.ts';
import { catalogTestIds } from '../testIds.ts';
import { jobHealth } from './jobStatus.ts';

const configsTable = {
  id: 'configs',
  defaultSort: { id: 'name', desc: false },
  defaultHidden: ['updated_at', 'labels'],
};
const jobsTable = {
  id: 'jobs',
  defaultSort: null,
};
const noConfigs: ConfigListItem[] = [];
const noJobs: ScraperJob[] = [];
const jobColumns: ColumnDef<ScraperJob>[] = [
  {
    id: 'time_start',
    header: 'Started',
    enableSorting: false,
    accessorFn: (row) => formatDate(row.time_start ?? row.created_at),
    cell: ({ row }) => <Moment value={row.original.time_start ?? row.original.created_at} />,
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    accessorFn: (row) => row.status ?? '',
    cell: ({ row }) =>
      row.original.status ? (
        <Health health={jobHealth(row.original.status)} label={row.original.status} />
      ) : null,
  },
  {
    id: 'duration',
    header: 'Duration',
    enableSorting: false,
    accessorFn: (row) => formatDuration(row.duration_millis),
  },
  {
    id: 'success_count',
    header: 'Scraped',
    enableSorting: false,
    accessorFn: (row) => row.success_count ?? '',
  },
  {
    id: 'error_count',
    header: 'Errors',
    enableSorting: false,
    accessorFn: (row) => row.error_count ?? '',
  },
];

/** `/catalog/scrapers/:id`: a scraper, the configs it scraped and its job history. */
export function ScraperPage() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const scraper = useQuery(configScraperQuery(client, id));
  usePageTitle(scraper.data ? (scraper.data.name ?? scraper.data.id) : undefined);

  const { query: configsQuery } = useDataTableQuery(configsTable);
  // Its configs and runs are asked for only under an id the scraper could have.
  const configs = useQuery({
    ...configListQuery(client, { ...configListQueryOf(configsQuery), scraperId: id }),
    enabled: isUuid(id),
  });
  const configsTableState = useDataTable({
    ...configsTable,
    columns: configColumns,
    data: configs.data?.data ?? noConfigs,
    total: configs.data?.total ?? 0,
    getRowId: (row) => row.id,
    isLoading: configs.isPending,
    error: configs.data ? undefined : (configs.error ?? undefined),
  });
  const { query: jobsQuery } = useDataTableQuery(jobsTable);
  const jobs = useQuery({
    ...scraperJobsQuery(client, {
      scraperId: id,
      pageIndex: jobsQuery.pageIndex,
      pageSize: jobsQuery.pageSize,
    }),
    enabled: isUuid(id),
  });
  const jobsTableState = useDataTable({
    ...jobsTable,
    columns: jobColumns,
    data: jobs.data?.data ?? noJobs,
    total: jobs.data?.total ?? 0,
    getRowId: (row) => row.id,
    isLoading: jobs.isPending,
    error: jobs.data ? undefined : (jobs.error ?? undefined),
  });

  if (scraper.isPending) {
    return (
      <PageRoot data-testid={catalogTestIds.scrapers.detail}>
        <SkeletonPage label="Loading the scraper" />
      </PageRoot>
    );
  }
  if (!scraper.data) {
    return (
      <PageRoot data-testid={catalogTestIds.scrapers.detail}>
        <CatalogNav />
        {scraper.isError && !isNotFoundError(scraper.error) ? (
          <ErrorPage error={scraper.error} />
        ) : (
          <NotFoundPage what="scraper" back={<Link to="/catalog/scrapers">All scrapers</Link>} />
        )}
      </PageRoot>
    );
  }
  const data = scraper.data;
  return (
    <PageRoot data-testid={catalogTestIds.scrapers.detail}>
      <CatalogNav />
      <Muted>
        {[data.namespace, data.source, data.agent?.name ? `Agent: ${data.agent.name}` : null]
          .filter(Boolean)
          .join(' · ')}
      </Muted>
      <Section>
        <h2>Configs</h2>
        <DataTableRoot>
          <ConfigLinksProvider>
            <DataTableBody
              dataTable={configsTableState}
              label={`Configs of ${data.name ?? data.id}`}
              rowActionDescription="Press Enter to open the config"
              onRowClick={(config) => void navigate(configPath(config.id))}
              empty={<EmptyState kind="resources" />}
            />
          </ConfigLinksProvider>
          <DataTablePager dataTable={configsTableState} label="Configs pagination" />
        </DataTableRoot>
      </Section>
      <Section>
        <h2>Job history</h2>
        <DataTableRoot>
          <DataTableBody
            dataTable={jobsTableState}
            label={`Runs of ${data.name ?? data.id}`}
            empty={<EmptyState kind="data" title="This scraper has not run yet" />}
          />
          <DataTablePager dataTable={jobsTableState} label="Job history pagination" />
        </DataTableRoot>
      </Section>
    </PageRoot>
  );
}
