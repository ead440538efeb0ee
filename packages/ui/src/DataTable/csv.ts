// CSV (RFC 4180) for table exports: pure, so quoting rules are tested without a DOM.

const needsQuoting = /[",\r\n]/;

/** One cell: quoted when it holds a comma, quote or line break; quotes inside are doubled. */
export function csvCell(text: string): string {
  return needsQuoting.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Turns any cell value into the text a spreadsheet should show. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A header line then one line per row, CRLF-separated as RFC 4180 asks. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) => cells.map((cell) => csvCell(csvText(cell))).join(',');
  return [line(headers), ...rows.map(line)].join('\r\n');
}
