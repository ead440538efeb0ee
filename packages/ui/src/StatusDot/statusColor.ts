import type { StatusColor } from '../theme/themes.ts';

const red = new Set(['degraded', 'missing', 'unhealthy']);
const gray = new Set(['unknown', 'suspended']);
const orange = new Set(['warning', 'mixed']);

/**
 * The colour of a status dot (console spec §4): degraded/missing/unhealthy red, unknown/suspended
 * gray, warning/mixed orange, anything else green. Case-insensitive.
 */
export function statusColor(status: string | null | undefined): StatusColor {
  const normalized = (status ?? '').trim().toLowerCase();
  if (red.has(normalized)) return 'red';
  if (gray.has(normalized)) return 'gray';
  if (orange.has(normalized)) return 'orange';
  return 'green';
}
