/** A parsed `Content-Range` reply header: `0-49/3573`, `*` + `/0` (nothing matched), `0-49/*` (not counted). */
export interface ContentRange {
  from?: number;
  to?: number;
  /** Undefined when the server did not count (`/*`). */
  total?: number;
}

export function parseContentRange(header: string | null | undefined): ContentRange | undefined {
  const match = header?.trim().match(/^(?:(\d+)-(\d+)|\*)\/(\d+|\*)$/);
  if (!match) return undefined;
  const [, from, to, total] = match;
  const range: ContentRange = {};
  if (from !== undefined && to !== undefined) {
    range.from = Number(from);
    range.to = Number(to);
  }
  if (total !== undefined && total !== '*') range.total = Number(total);
  return range;
}
