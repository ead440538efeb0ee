// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvCell, csvSafeText, csvText, toCsv } from './csv.ts';

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

// Issue 27 #15: a cell a spreadsheet would read as a formula is written as text.
describe('csvSafeText', () => {
  it('prefixes text starting with =, +, -, @, a tab or a CR with a quote mark', () => {
    expect(csvSafeText('=HYPERLINK("http://evil.example","x")')).toBe(
      `'=HYPERLINK("http://evil.example","x")`,
    );
    expect(csvSafeText('+cmd|/C calc!A0')).toBe(`'+cmd|/C calc!A0`);
    expect(csvSafeText('-2+3+cmd|/C calc!A0')).toBe(`'-2+3+cmd|/C calc!A0`);
    expect(csvSafeText('@SUM(A1:A2)')).toBe(`'@SUM(A1:A2)`);
    expect(csvSafeText('\t=1+1')).toBe(`'\t=1+1`);
    expect(csvSafeText('\rtext')).toBe(`'\rtext`);
    expect(csvSafeText('\ttext')).toBe(`'\ttext`);
  });

  it('sees a formula behind leading white space and in full-width signs', () => {
    expect(csvSafeText('   =1+1')).toBe(`'   =1+1`);
    expect(csvSafeText('\n@x')).toBe(`'\n@x`);
    expect(csvSafeText('\u3000=1+1')).toBe(`'\u3000=1+1`);
    expect(csvSafeText('\uFF1D1+1')).toBe(`'\uFF1D1+1`);
  });

  it('keeps numbers numeric and leaves other text alone', () => {
    expect(csvSafeText(-5)).toBe('-5');
    expect(csvSafeText(-0.25)).toBe('-0.25');
    expect(csvSafeText('-5')).toBe('-5');
    expect(csvSafeText('+1.5e3')).toBe('+1.5e3');
    expect(csvSafeText('api-health')).toBe('api-health');
    expect(csvSafeText('a=b')).toBe('a=b');
    expect(csvSafeText('')).toBe('');
    expect(csvSafeText(null)).toBe('');
    expect(csvSafeText({ a: '=1' })).toBe('{"a":"=1"}');
  });
});

describe('toCsv and formulas', () => {
  it('writes formula-like cells as quoted text and numbers as numbers', () => {
    const csv = toCsv(
      ['Name', 'Delta', 'Owner'],
      [
        ['=HYPERLINK("http://evil.example","x")', -5, '@admin'],
        [' =1+1', '-3', 'a,=b'],
      ],
    );
    expect(csv).toBe(
      [
        'Name,Delta,Owner',
        `"'=HYPERLINK(""http://evil.example"",""x"")",-5,'@admin`,
        `' =1+1,-3,"a,=b"`,
      ].join('\r\n'),
    );
  });
});
