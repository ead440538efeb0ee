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

// What a spreadsheet reads as the start of a formula (OWASP's list, with the full-width forms some
// locales also take), after any leading white space; or a tab or CR, which can hide one.
const formulaStart = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;
// A plain number is no formula: `-5` may stay a number in the sheet.
const plainNumber = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The text of a cell a spreadsheet will not run (CSV formula injection): text it would read as a
 * formula gets a leading `'`, which shows it as the text it is. Numbers stay numbers.
 */
export function csvSafeText(value: unknown): string {
  const text = csvText(value);
  if (typeof value === 'number' || typeof value === 'bigint' || plainNumber.test(text)) return text;
  return formulaStart.test(text) ? `'${text}` : text;
}

/** A header line then one line per row, CRLF-separated as RFC 4180 asks; no cell is a formula. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) =>
    cells.map((cell) => csvCell(csvSafeText(cell))).join(',');
  return [line(headers), ...rows.map(line)].join('\r\n');
}
