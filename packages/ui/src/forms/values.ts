// How the special inputs store what is typed (settings spec §5). Every parser keeps unreadable
// input as text, so a form that fails validation shows the user exactly what they typed.

/** '' -> undefined, '42' -> 42, anything else stays as typed (and fails the number rule). */
export function parseIntegerInput(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^[-+]?\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : text;
}

export function integerInputText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

export const bytesUnits = ['Mi', 'Gi', 'Ti'] as const;
export type BytesUnit = (typeof bytesUnits)[number];
export const DEFAULT_BYTES_UNIT: BytesUnit = 'Mi';

export interface BytesQuantity {
  amount: string;
  unit: BytesUnit;
}

/** '512Mi' -> {amount: '512', unit: 'Mi'}; no unit means the default Mi. */
export function parseBytesQuantity(value: unknown): BytesQuantity {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const unit = bytesUnits.find((candidate) => text.endsWith(candidate));
  return unit
    ? { amount: text.slice(0, -unit.length), unit }
    : { amount: text, unit: DEFAULT_BYTES_UNIT };
}

/** The stored value: the number plus the unit ('512Mi'); undefined when nothing is typed. */
export function formatBytesQuantity({ amount, unit }: BytesQuantity): string | undefined {
  return amount.trim() === '' ? undefined : `${amount.trim()}${unit}`;
}

/** '500m' -> '500'. */
export function parseMillicores(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return text.endsWith('m') ? text.slice(0, -1) : text;
}

/** The stored value: the number plus 'm' ('500m'); undefined when nothing is typed. */
export function formatMillicores(amount: string): string | undefined {
  return amount.trim() === '' ? undefined : `${amount.trim()}m`;
}

/** The resource editor's schedule presets (settings spec §9); free text is allowed too. */
export const schedulePresets = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

export interface KeyValueRow {
  key: string;
  value: string;
}

export function rowsFromMap(
  map: Readonly<Record<string, string>> | undefined | null,
): KeyValueRow[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

/** The map of the rows; rows with an empty key (just added, not filled yet) are left out. */
export function mapFromRows(rows: readonly KeyValueRow[]): Record<string, string> {
  return Object.fromEntries(
    rows.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]),
  );
}

/** Keys used by more than one row: the later rows would silently win in the map. */
export function duplicateKeys(rows: readonly KeyValueRow[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { key } of rows) {
    const trimmed = key.trim();
    if (trimmed === '') continue;
    if (seen.has(trimmed)) duplicates.add(trimmed);
    seen.add(trimmed);
  }
  return [...duplicates];
}

export function sameMap(
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): boolean {
  const aKeys = Object.keys(a);
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
  );
}
