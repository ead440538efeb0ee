import {
  configComponentsQuery,
  maxRelationshipDepth,
  relatedConfigsQuery,
  type RelatedConfig,
  type RelationDirection,
} from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Button, EmptyState, ErrorPage, Select, SkeletonText, useUrlState } from '@opsdeck/ui';
import {
  DataTableRoot,
  DataTableVirtualBody,
  useDataTable,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Health } from '../components/Health.tsx';
import { Muted, Section, Toolbar } from '../components/PageLayout.ts';
import { RelationshipGraph } from '../components/RelationshipGraph.tsx';
import { TypePath } from '../components/TypePath.tsx';
import { configPath } from '../ListPage/ConfigLink.tsx';
import { humanize } from '../model/format.ts';
import {
  graphNodeStep,
  layoutGraph,
  relatedQueryOf,
  relationOf,
  relationshipsViewOf,
} from '../model/relationships.ts';
import { catalogExternalRoutes } from '../routes.ts';
import { catalogTestIds } from '../testIds.ts';
import { useConfig } from './configContext.ts';

const directions: { value: RelationDirection; label: string }[] = [
  { value: 'outgoing', label: 'Outgoing' },
  { value: 'incoming', label: 'Incoming' },
  { value: 'all', label: 'Both' },
];
const depthOptions = Array.from({ length: maxRelationshipDepth }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));
const noRows: RelatedConfig[] = [];
const rowId = (row: RelatedConfig) => row.id;
const relatedTable = {
  id: 'related',
  defaultSort: null,
  rememberPageSize: false,
};

/**
 * The config's relationships (reference §3's rpc), as a graph capped at a number of nodes with
 * "Show more", or as a virtualised list of all of them; its topology components below. The
 * direction, soft relations, depth and view are in the URL.
 */
export function RelationshipsPage() {
  const { config } = useConfig();
  const client = useApiClient();
  const navigate = useNavigate();
  const { searchParams: params, setSearchParams: setParams } = useUrlState();
  const shown = relationshipsViewOf(params);
  const { direction, soft, depth, view } = shown;
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const related = useQuery(relatedConfigsQuery(client, relatedQueryOf(config.id, shown)));
  const components = useQuery(configComponentsQuery(client, config.id));
  const toComponent = useRouteLink(catalogExternalRoutes.componentPage);
  const [limit, setLimit] = useState(graphNodeStep);
  const rows = related.data ?? noRows;
  const graph = useMemo(() => layoutGraph(config.id, rows, limit), [config.id, rows, limit]);

  const columns = useMemo<ColumnDef<RelatedConfig>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (row) => row.name ?? row.id,
        cell: ({ row }) => (
          <Link to={configPath(row.original.id)}>{row.original.name ?? row.original.id}</Link>
        ),
      },
      {
        id: 'relation',
        header: 'Relation',
        accessorFn: (row) => humanize(relationOf(config, row)),
      },
      {
        id: 'type',
        header: 'Type',
        accessorFn: (row) => row.type ?? '',
        cell: ({ row }) => <TypePath type={row.original.type} />,
      },
      {
        id: 'health',
        header: 'Health',
        accessorFn: (row) => row.health ?? '',
        cell: ({ row }) => <Health health={row.original.health} />,
      },
      { id: 'status', header: 'Status', accessorFn: (row) => row.status ?? '' },
    ],
    [config],
  );
  const dataTable = useDataTable({
    ...relatedTable,
    mode: 'client',
    pagination: 'none',
    columns,
    data: rows,
    getRowId: rowId,
    isLoading: related.isPending,
    error: related.data ? undefined : (related.error ?? undefined),
  });

  return (
    <div data-testid={catalogTestIds.relationships.root}>
      <Section>
        <Toolbar>
          <Select
            label="Direction"
            options={directions}
            value={direction}
            onChange={(value) => set('direction', value === 'outgoing' ? null : value)}
          />
          <Select
            label="Depth"
            options={depthOptions}
            value={String(depth)}
            onChange={(value) =>
              set('depth', value === String(maxRelationshipDepth) ? null : value)
            }
          />
          <Button aria-pressed={soft} onClick={() => set('soft', soft ? null : 'true')}>
            Soft relationships
          </Button>
          <Button
            aria-pressed={view === 'list'}
            onClick={() => set('view', view === 'list' ? null : 'list')}
          >
            List view
          </Button>
          {related.data ? (
            <Muted aria-live="polite">
              {rows.length === 1 ? '1 config' : `${rows.length} configs`}
            </Muted>
          ) : null}
        </Toolbar>
        {view === 'list' ? (
          <DataTableRoot>
            <DataTableVirtualBody
              dataTable={dataTable}
              label={`Configs related to ${config.name ?? config.id}`}
              onRowClick={(row) => void navigate(configPath(row.id))}
              rowActionDescription="Press Enter to open the config"
              empty={<EmptyState kind="data" title="No related configs" />}
            />
          </DataTableRoot>
        ) : related.isPending ? (
          <SkeletonText label="Loading the relationships" />
        ) : related.isError ? (
          <ErrorPage error={related.error} />
        ) : rows.length === 0 ? (
          <EmptyState kind="data" title="No related configs" />
        ) : (
          <>
            <RelationshipGraph graph={graph} configId={config.id} />
            {graph.hidden > 0 ? (
              <Toolbar>
                <Muted>
                  Showing {graph.nodes.length} of {rows.length} configs.
                </Muted>
                <Button onClick={() => setLimit(limit + graphNodeStep)}>Show more</Button>
                <Button onClick={() => set('view', 'list')}>Show all as a list</Button>
              </Toolbar>
            ) : null}
          </>
        )}
      </Section>
      <Section>
        <h2>Components</h2>
        {components.isPending ? (
          <SkeletonText label="Loading the components" lines={2} />
        ) : (components.data ?? []).length === 0 ? (
          <Muted>No topology components are linked to this config.</Muted>
        ) : (
          <ul aria-label="Linked components">
            {components.data!.map((component) => (
              <li key={component.id}>
                {toComponent ? (
                  <Link to={toComponent({ id: component.id })}>{component.name}</Link>
                ) : (
                  component.name
                )}
                {component.type ? <Muted> · {component.type}</Muted> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
