// Small formatters of catalog values, plain functions so the pages stay thin.

/** A cost in the catalog's currency (USD unless the backend says otherwise); '' for none or zero. */
export function formatCost(value: number | null | undefined, currency = 'USD'): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return '';
  const digits = Math.abs(value) < 100 ? 2 : 0;
  return costFormat(currency, digits).format(value);
}

// A formatter is costly to make (about 20 µs) and a list page formats a cost per row on every
// page: one per currency and precision.
const costFormats = new Map<string, Intl.NumberFormat>();
function costFormat(currency: string, digits: number): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let format = costFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    costFormats.set(key, format);
  }
  return format;
}

/** Health values of the reference (§3 value sets), in the filter's order. */
export const healthValues = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** Change severities, most severe first (reference §3). */
export const severityValues = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** Insight statuses (config_analysis status). */
export const insightStatusValues = ['open', 'resolved', 'silenced'] as const;

/** Analysis types of the reference. */
export const analysisTypeValues = [
  'availability',
  'compliance',
  'cost',
  'integration',
  'other',
  'performance',
  'recommendation',
  'reliability',
  'security',
  'technical_debt',
] as const;

/** The status dot's colour for a severity: critical and high are red, medium orange, the rest gray. */
export function severityStatus(severity: string | null | undefined): string {
  switch (severity?.toLowerCase()) {
    case 'critical':
    case 'high':
      return 'unhealthy';
    case 'medium':
      return 'warning';
    case 'low':
    case 'info':
      return 'unknown';
    default:
      return 'unknown';
  }
}

/** `technical_debt` → `Technical debt`. */
export function humanize(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A config's tags as the Tag list draws them (string values only; objects as JSON). */
export function tagEntries(
  tags: Record<string, unknown> | null | undefined,
): Record<string, string> {
  if (!tags) return {};
  return Object.fromEntries(
    Object.entries(tags).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}
