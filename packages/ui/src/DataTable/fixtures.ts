// Generated health-check rows for the table's stories and tests: deterministic, any count.
import { createColumnHelper } from '@tanstack/react-table';

export interface CheckRow {
  id: string;
  name: string;
  status: 'healthy' | 'unhealthy' | 'unknown';
  team: string;
  latency_ms: number;
  created_at: string;
  children?: CheckRow[];
}

const statuses = ['healthy', 'unhealthy', 'unknown'] as const;
const teams = ['payments', 'platform', 'search', 'storage'];

export function generateCheckRows(count: number): CheckRow[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: `check-${i}`,
    name: `check-${String(i).padStart(6, '0')}`,
    status: statuses[i % statuses.length] ?? 'unknown',
    team: teams[i % teams.length] ?? 'platform',
    latency_ms: (i * 37) % 1000,
    // One minute apart, so created_at order is index order.
    created_at: new Date(start + i * 60_000).toISOString(),
  }));
}

const column = createColumnHelper<CheckRow>();

export const checkColumns = [
  column.accessor('name', { header: 'Name', enableColumnFilter: true }),
  column.accessor('status', { header: 'Status', enableColumnFilter: true }),
  column.accessor('team', { header: 'Team' }),
  column.accessor('latency_ms', {
    header: 'Latency (ms)',
    aggregationFn: 'mean',
    aggregatedCell: ({ getValue }) => `avg ${Math.round(Number(getValue()))}`,
  }),
  column.accessor('created_at', { header: 'Created', sortDescFirst: true }),
];
