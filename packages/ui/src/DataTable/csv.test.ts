import { describe, expect, it } from 'vitest';
import { csvCell, csvText, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('api-health')).toBe('api-health');
    expect(csvCell('')).toBe('');
  });

  it('quotes text with commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });
});

describe('csvText', () => {
  it('writes empty cells for missing values and ISO text for dates', () => {
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
    expect(csvText(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvText(42)).toBe('42');
    expect(csvText(false)).toBe('false');
    expect(csvText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('toCsv', () => {
  it('writes a header line and one CRLF-separated line per row', () => {
    const csv = toCsv(
      ['Name', 'Status', 'Note'],
      [
        ['db, primary', 'healthy', 'said "ok"'],
        ['cache', 'unhealthy', 'two\nlines'],
        ['queue', null, 3],
      ],
    );
    expect(csv).toBe(
      [
        'Name,Status,Note',
        '"db, primary",healthy,"said ""ok"""',
        'cache,unhealthy,"two\nlines"',
        'queue,,3',
      ].join('\r\n'),
    );
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b');
  });
});
