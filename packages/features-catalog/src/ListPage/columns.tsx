import type { ConfigListItem, ConfigSummaryRow } from '@opsdeck/api-client/catalog';
import { configPlace, formatDate, Moment, StatusDot, statusColor, TagList } from '@opsdeck/ui';
import type { ColumnDef } from '@opsdeck/ui/data-table';
import styled from 'styled-components';
import { Place } from '../components/PageLayout.ts';
import { TypePath } from '../components/TypePath.tsx';
import { formatCost, humanize } from '../model/format.ts';
import { formatTypePath } from '../model/typePath.ts';
import { ConfigLink } from './ConfigLink.tsx';

const Counts = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  white-space: nowrap;
`;

const Count = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
`;

// Labels shown in a row before "+N": rows stay one line high (the config page lists them all).
const listLabels = 2;

/** Open insights: a total, or counts by type to add up (see the list item's schema). */
const insightCount = (analysis: Record<string, number> | number | null | undefined) =>
  typeof analysis === 'number'
    ? analysis
    : Object.values(analysis ?? {}).reduce((sum, count) => sum + count, 0);

/** The list's columns; sort ids are the `configs` view's columns the server orders by. */
export const configColumns: ColumnDef<ConfigListItem>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name ?? row.id,
    // Sixteen "api" rows are told apart by where each lives.
    cell: ({ row }) => {
      const place = configPlace(row.original);
      return (
        <>
          <ConfigLink id={row.original.id}>{row.original.name ?? row.original.id}</ConfigLink>
          {place ? <Place>{place}</Place> : null}
        </>
      );
    },
  },
  {
    id: 'type',
    header: 'Type',
    // The CSV holds the readable path too.
    accessorFn: (row) => formatTypePath(row.type),
    cell: ({ row }) =>
      row.original.type ? (
        <span data-cell="nowrap" title={row.original.type}>
          {formatTypePath(row.original.type)}
        </span>
      ) : null,
  },
  {
    id: 'health',
    header: 'Health',
    accessorFn: (row) => row.health ?? '',
    cell: ({ row }) =>
      row.original.health ? (
        // The word says it; the dot before it is the page's decoration (PageRoot), in its colour.
        <span data-cell="health" data-color={statusColor(row.original.health)}>
          {row.original.health}
        </span>
      ) : null,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => row.status ?? '',
    cell: ({ row }) => <span data-cell="nowrap">{row.original.status}</span>,
  },
  {
    id: 'cost_total_30d',
    header: 'Cost (30d)',
    accessorFn: (row) => formatCost(row.cost_total_30d),
  },
  {
    id: 'changes',
    header: 'Changes',
    accessorFn: (row) => row.changes ?? 0,
    cell: ({ row }) => (row.original.changes ? row.original.changes : ''),
  },
  {
    id: 'insights',
    header: 'Insights',
    enableSorting: false,
    accessorFn: (row) => insightCount(row.analysis),
    cell: ({ row }) => {
      const count = insightCount(row.original.analysis);
      return count > 0 ? count : '';
    },
  },
  {
    id: 'labels',
    header: 'Labels',
    enableSorting: false,
    accessorFn: (row) =>
      Object.entries(row.labels ?? {})
        .map(([key, value]) => `${key}=${value}`)
        .join(' '),
    cell: ({ row }) => (
      <div data-cell="labels">
        <TagList
          tags={row.original.labels}
          aria-label={`Labels of ${row.original.name ?? ''}`}
          max={listLabels}
        />
      </div>
    ),
  },
  {
    id: 'created_at',
    header: 'Age',
    accessorFn: (row) => formatDate(row.created_at),
    cell: ({ row }) => (
      <span data-cell="nowrap">
        <Moment value={row.original.created_at} />
      </span>
    ),
  },
  {
    id: 'updated_at',
    header: 'Updated',
    accessorFn: (row) => formatDate(row.updated_at),
    cell: ({ row }) => (
      <span data-cell="nowrap">
        <Moment value={row.original.updated_at} />
      </span>
    ),
  },
];

/** The grouped view's columns: a type with its count and what its configs add up to. */
export const groupColumns: ColumnDef<ConfigSummaryRow>[] = [
  {
    id: 'type',
    header: 'Type',
    accessorFn: (row) => formatTypePath(row.type),
    cell: ({ row }) => <TypePath type={row.original.type} />,
  },
  { id: 'count', header: 'Configs', accessorFn: (row) => row.count },
  {
    id: 'health',
    header: 'Health',
    enableSorting: false,
    accessorFn: (row) =>
      Object.entries(row.health ?? {})
        .map(([health, count]) => `${health}: ${count}`)
        .join(', '),
    cell: ({ row }) => (
      <Counts>
        {Object.entries(row.original.health ?? {}).map(([health, count]) => (
          <Count key={health}>
            <StatusDot status={health} label={humanize(health)} /> {count}
          </Count>
        ))}
      </Counts>
    ),
  },
  {
    id: 'changes',
    header: 'Changes (30d)',
    accessorFn: (row) => row.changes ?? 0,
  },
  {
    id: 'analysis',
    header: 'Insights',
    accessorFn: (row) => insightCount(row.analysis),
  },
  {
    id: 'cost_30d',
    header: 'Cost (30d)',
    // Sorted by amount (the groups are sorted in the browser), drawn as money.
    accessorFn: (row) => row.cost_30d ?? 0,
    cell: ({ row }) => formatCost(row.original.cost_30d),
  },
];
