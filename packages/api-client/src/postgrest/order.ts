import type { OrderTerm } from './ast.ts';
import { quoteIfReserved, Scanner } from './scanner.ts';

/** `col.desc.nullslast,col2.asc`; the direction is always written. */
export function encodeOrder(terms: readonly OrderTerm[]): string {
  return terms
    .map((term) => {
      const nulls = term.nulls ? `.nulls${term.nulls}` : '';
      return `${quoteIfReserved(term.column)}.${term.direction}${nulls}`;
    })
    .join(',');
}

/** Parses the value of `order=`. A term without a direction is ascending. */
export function parseOrder(text: string): OrderTerm[] {
  const s = new Scanner(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    s.skipSpaces();
    const start = s.pos;
    const { text: column, quoted } = s.readValue('.,');
    if (!quoted && column.trim() === '') s.fail('expected a column name', start);
    const term: OrderTerm = { column: quoted ? column : column.trim(), direction: 'asc' };
    let seenDirection = false;
    while (s.peek() === '.') {
      s.pos += 1;
      const wordStart = s.pos;
      const word = s.readWhile((ch) => ch !== '.' && ch !== ',').trim();
      if ((word === 'asc' || word === 'desc') && !seenDirection && term.nulls === undefined) {
        term.direction = word;
        seenDirection = true;
      } else if ((word === 'nullsfirst' || word === 'nullslast') && term.nulls === undefined) {
        term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      } else {
        s.fail(`unexpected "${word}" (expected asc, desc, nullsfirst or nullslast)`, wordStart);
      }
    }
    terms.push(term);
    if (s.done) return terms;
    s.expect(',');
  }
}
