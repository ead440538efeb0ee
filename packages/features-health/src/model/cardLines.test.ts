import { describe, expect, it } from 'vitest';
import { cardLines } from './cardLines.ts';

// Group rows are negative (-1 is group 0), checks are their indexes.
const rows = (...entries: number[]) => Int32Array.from(entries);
const shape = (lines: ReturnType<typeof cardLines>) =>
  lines.map((line) =>
    line.segments
      .map(
        (segment) =>
          `${segment.heading ? 'H' : ''}${segment.group ?? '-'}:${segment.checks.join(',')}`,
      )
      .join(' | '),
  );

describe('card lines', () => {
  it('puts small groups side by side under their own headings, filling each line', () => {
    // Three groups of 2, 1 and 2 checks, four cards to a line.
    const lines = cardLines(rows(-1, 0, 1, -2, 2, -3, 3, 4), 4);
    expect(shape(lines)).toEqual(['H0:0,1 | H1:2', 'H2:3,4']);
    expect(lines.map((line) => line.heading)).toEqual([true, true]);
  });

  it('runs a long group over several lines, its heading on the first only, and lets the next group share its last line', () => {
    const lines = cardLines(rows(-1, 0, 1, 2, 3, 4, -2, 5), 3);
    expect(shape(lines)).toEqual(['H0:0,1,2', '0:3,4 | H1:5']);
  });

  it('lays ungrouped checks out in full lines without headings', () => {
    const lines = cardLines(rows(0, 1, 2, 3, 4), 2);
    expect(shape(lines)).toEqual(['-:0,1', '-:2,3', '-:4']);
    expect(lines.some((line) => line.heading)).toBe(false);
  });

  it('keeps a folded group as a heading one column wide, and one card a line on a phone', () => {
    expect(shape(cardLines(rows(-1, -2, 0, 1), 3))).toEqual(['H0: | H1:0,1']);
    expect(shape(cardLines(rows(-1, 0, 1, -2, 2), 1))).toEqual(['H0:0', '0:1', 'H1:2']);
    expect(cardLines(rows(), 3)).toEqual([]);
  });
});
