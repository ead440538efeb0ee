// @vitest-environment node
import { parseRouteSearch } from '@opsdeck/extensions';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './routes.ts';

const parse = (query: string) => parseRouteSearch(healthRoutes.page, new URLSearchParams(query));

describe("the health page's link parameters", () => {
  it('reads the check, its window and the search', () => {
    expect(parse('checkId=check-7&timeRange=1d&search=db')).toEqual({
      checkId: 'check-7',
      timeRange: '1d',
      search: 'db',
    });
  });

  it('drops what it refuses and keeps the rest (a stale or hand-edited link still opens)', () => {
    expect(parse('checkId=&timeRange=fortnight&search=db')).toEqual({ search: 'db' });
    expect(parse('checkId=check-7&timeRange=1h&timeRange=1d')).toEqual({ checkId: 'check-7' });
    expect(parse('search=a&search=b')).toEqual({});
  });

  it('leaves parameters it does not name to the page', () => {
    expect(parse('groupBy=agent&search=db')).toEqual({ search: 'db' });
    expect(parse('')).toEqual({});
  });
});
