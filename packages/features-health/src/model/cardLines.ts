import { groupNumberOf, isGroupRow } from './grouping.ts';

/** One group's cards on a line: its heading (on the group's first line only) and up to a line of checks. */
export interface CardSegment {
  /** The group's number in `HealthRows.groups`; null when the checks are not grouped. */
  group: number | null;
  /** The group's first line carries its heading; a long group's later lines do not. */
  heading: boolean;
  /** Indexes into the checks. */
  checks: number[];
}

/** A line of the card layout: segments whose cards together fill at most `columns` columns. */
export interface CardLine {
  segments: CardSegment[];
  /** Whether any segment has a heading: the line is that much taller. */
  heading: boolean;
}

/** Columns a segment takes: one per card, and one for a heading with no cards under it (a folded group). */
export function segmentSpan(segment: CardSegment): number {
  return Math.max(1, segment.checks.length);
}

/**
 * Lays the list's rows (group rows, each followed by its checks) out in lines of `columns` cards.
 * Small groups share a line, each under its own heading, so a page grouped by canary (most groups
 * hold a check or two) fills the width instead of leaving most of every line empty; a group with
 * more checks than a line holds runs over several lines. The order of groups and checks is kept.
 */
export function cardLines(rows: Int32Array, columns: number): CardLine[] {
  const lines: CardLine[] = [];
  let line: CardLine | null = null;
  let used = 0;
  let group: number | null = null;
  let pending: number[] = [];

  const place = (checks: number[], heading: boolean) => {
    const segment = { group, heading, checks };
    if (!line || used + segmentSpan(segment) > columns) {
      line = { segments: [], heading: false };
      lines.push(line);
      used = 0;
    }
    line.segments.push(segment);
    line.heading ||= heading;
    used += segmentSpan(segment);
  };
  const flush = () => {
    // A group with no checks on show (all filtered out) still gets its heading.
    if (pending.length === 0 && group !== null) place([], true);
    for (let start = 0; start < pending.length; start += columns)
      place(pending.slice(start, start + columns), start === 0 && group !== null);
    pending = [];
  };

  for (let i = 0; i < rows.length; i++) {
    const entry = rows[i]!;
    if (isGroupRow(entry)) {
      if (i > 0) flush();
      group = groupNumberOf(entry);
    } else pending.push(entry);
  }
  if (rows.length > 0) flush();
  return lines;
}
