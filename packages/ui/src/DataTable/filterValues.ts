// What a table filter's URL value means, shared by the filter parts (which write it), client mode
// (which matches rows with it) and a server fetch (which reads it from `query.filters`):
// - a text or single-select filter: the value itself (`runs.status.filter=failed`);
// - a multi-select filter: a comma-separated list (`runs.status.filter=failed,running`), each value
//   escaped as the tri-state values are (console spec §3), so commas inside values survive;
// - a tri-state filter: the tri-state form (`runs.status.filter=failed:1,running:-1`).
import type { Row } from '@tanstack/react-table';
import {
  decodeTriState,
  decodeTriStateValue,
  encodeTriStateValue,
} from '../TriState/triStateCodec.ts';

export function encodeFilterList(values: readonly string[]): string {
  return values.map(encodeTriStateValue).join(',');
}

export function decodeFilterList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(',')
    .filter((item) => item !== '')
    .map(decodeTriStateValue);
}

/** A cell as the texts a filter compares with: a list cell (tags) gives one text per item. */
function cellTexts(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => String(item));
  return [String(value)];
}

/** Client mode: the cell equals the single-select filter's value. */
export function selectFilterFn<TData>(row: Row<TData>, columnId: string, value: string): boolean {
  return cellTexts(row.getValue(columnId)).includes(value);
}

/** Client mode: the cell is one of the multi-select filter's values. */
export function multiSelectFilterFn<TData>(
  row: Row<TData>,
  columnId: string,
  value: string,
): boolean {
  const wanted = decodeFilterList(value);
  return (
    wanted.length === 0 || cellTexts(row.getValue(columnId)).some((text) => wanted.includes(text))
  );
}

/**
 * Client mode: an excluded value hides the row; once anything is included, the row must hold one
 * of the included values.
 */
export function triStateFilterFn<TData>(row: Row<TData>, columnId: string, value: string): boolean {
  const selection = decodeTriState(value);
  const texts = cellTexts(row.getValue(columnId));
  if (texts.some((text) => selection[text] === -1)) return false;
  const included = Object.keys(selection).filter((key) => selection[key] === 1);
  return included.length === 0 || texts.some((text) => included.includes(text));
}
