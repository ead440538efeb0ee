import { describe, expect, it } from 'vitest';
import {
  encodeFilterExtension,
  encodeFilterValue,
  encodeLogicTree,
  encodeOrder,
  encodeQuery,
  encodeSelect,
  parseFilterExtension,
  parseFilterValue,
  parseLogicTree,
  parseOrder,
  parseQuery,
  parseSelect,
  PostgrestParseError,
} from './index.ts';

describe('filter values', () => {
  it('writes top-level scalar values raw, as PostgREST reads everything after the operator', () => {
    expect(encodeFilterValue({ operator: 'eq', negated: false, value: 'a.b,c' })).toBe('eq.a.b,c');
    expect(parseFilterValue('eq.a.b,c')).toEqual({
      operator: 'eq',
      negated: false,
      value: 'a.b,c',
    });
    expect(parseFilterValue('ilike.*api*')).toEqual({
      operator: 'ilike',
      negated: false,
      value: '*api*',
    });
  });

  it('quotes in-list items with reserved characters and escapes quotes and backslashes', () => {
    const text = encodeFilterValue({
      operator: 'in',
      negated: true,
      value: ['a,b', 'c', 'say "hi"\\', ''],
    });
    expect(text).toBe('not.in.("a,b",c,"say \\"hi\\"\\\\","")');
    expect(parseFilterValue(text)).toEqual({
      operator: 'in',
      negated: true,
      value: ['a,b', 'c', 'say "hi"\\', ''],
    });
    expect(parseFilterValue('in.()')).toEqual({ operator: 'in', negated: false, value: [] });
  });

  it('reads is.null/true/false/unknown', () => {
    expect(parseFilterValue('is.null')).toEqual({ operator: 'is', negated: false, value: 'null' });
    expect(parseFilterValue('not.is.true')).toEqual({
      operator: 'is',
      negated: true,
      value: 'true',
    });
  });

  it.each([
    ['foo', /unknown operator "foo"/],
    ['eq', /expected "\."/],
    ['is.maybe', /"is" takes null, true, false or unknown/],
    ['in.(a,b', /expected "," or "\)"/],
    ['in.("a)', /unterminated quoted value/],
    ['in.(a)x', /unexpected "x"/],
    ['in.a,b', /expected "\("/],
  ])('rejects %s with a PostgrestParseError', (text, message) => {
    expect(() => parseFilterValue(text)).toThrow(PostgrestParseError);
    expect(() => parseFilterValue(text)).toThrow(message);
  });
});

describe('logic trees', () => {
  it('reads the reference example', () => {
    expect(parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.is.null))')).toEqual({
      kind: 'or',
      negated: false,
      items: [
        { kind: 'condition', column: 'a', operator: 'eq', negated: false, value: '1' },
        {
          kind: 'and',
          negated: false,
          items: [
            { kind: 'condition', column: 'b', operator: 'gt', negated: false, value: '2' },
            { kind: 'condition', column: 'c', operator: 'is', negated: false, value: 'null' },
          ],
        },
      ],
    });
  });

  it('writes negated nested groups and quoted values', () => {
    const text = encodeLogicTree({
      kind: 'and',
      negated: false,
      items: [
        { kind: 'condition', column: 'name', operator: 'ilike', negated: true, value: '*a,b*' },
        {
          kind: 'or',
          negated: true,
          items: [
            { kind: 'condition', column: 'id', operator: 'in', negated: false, value: ['1', '2'] },
          ],
        },
      ],
    });
    expect(text).toBe('(name.not.ilike."*a,b*",not.or(id.in.(1,2)))');
  });

  it.each([
    ['()', /at least one condition/],
    ['(a.eq.1', /expected "," or "\)"/],
    ['(a.eq.1))', /unexpected "\)"/],
    ['a.eq.1', /expected "\("/],
    ['(.eq.1)', /expected a column name/],
    ['(a.zz.1)', /unknown operator "zz"/],
  ])('rejects %s', (text, message) => {
    expect(() => parseLogicTree('or', false, text)).toThrow(message);
  });
});

describe('order', () => {
  it('reads and writes several terms with nulls placement', () => {
    const terms = parseOrder('col.desc.nullslast,col2');
    expect(terms).toEqual([
      { column: 'col', direction: 'desc', nulls: 'last' },
      { column: 'col2', direction: 'asc' },
    ]);
    expect(encodeOrder(terms)).toBe('col.desc.nullslast,col2.asc');
    expect(parseOrder('a.nullsfirst')).toEqual([{ column: 'a', direction: 'asc', nulls: 'first' }]);
  });

  it('rejects unknown modifiers and empty terms', () => {
    expect(() => parseOrder('a.sideways')).toThrow(/unexpected "sideways"/);
    expect(() => parseOrder('a,,b')).toThrow(/expected a column name/);
  });
});

describe('select', () => {
  it('reads the check details select of the reference', () => {
    const text =
      '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))';
    const items = parseSelect(text);
    expect(items[0]).toEqual({ kind: 'star' });
    expect(items[1]).toEqual({
      kind: 'embed',
      relation: 'canaries',
      hint: 'checks_canary_id_fkey',
      children: [
        { kind: 'field', column: 'id' },
        { kind: 'field', column: 'name' },
        { kind: 'field', column: 'source' },
      ],
    });
    expect(items[3]).toMatchObject({
      kind: 'embed',
      alias: 'components',
      relation: 'check_component_relationships',
    });
    expect(encodeSelect(items)).toBe(text);
  });

  it('reads JSON paths, aliases, casts, !inner and bare relation!inner', () => {
    expect(parseSelect('v:config->a->>b::text, team:team_id!inner(id), agents!inner')).toEqual([
      {
        kind: 'field',
        alias: 'v',
        column: 'config',
        jsonPath: [
          { arrow: '->', key: 'a' },
          { arrow: '->>', key: 'b' },
        ],
        cast: 'text',
      },
      {
        kind: 'embed',
        alias: 'team',
        relation: 'team_id',
        joinType: 'inner',
        children: [{ kind: 'field', column: 'id' }],
      },
      { kind: 'embed', relation: 'agents', joinType: 'inner', children: [] },
    ]);
  });

  it('reads and writes spread embeds and a cast after an embed', () => {
    const text = '*,...canaries(canary_name:name),artifacts:artifacts(*)::jsonb';
    const items = parseSelect(text);
    expect(items).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        relation: 'canaries',
        spread: true,
        children: [{ kind: 'field', alias: 'canary_name', column: 'name' }],
      },
      {
        kind: 'embed',
        alias: 'artifacts',
        relation: 'artifacts',
        cast: 'jsonb',
        children: [{ kind: 'star' }],
      },
    ]);
    expect(encodeSelect(items)).toBe(text);
  });

  it.each([
    ['a,', /expected a column name/],
    ['...name', /expected "\(" after its name/],
    ['a(b', /expected "\)"/],
    ['a->', /expected a JSON key/],
    ['a)', /unexpected "\)"/],
  ])('rejects %s', (text, message) => {
    expect(() => parseSelect(text)).toThrow(message);
  });
});

describe('the {key}.filter extension', () => {
  it('reads tri-state lists and date math', () => {
    expect(parseFilterExtension('status', 'healthy,!unhealthy,>now-1h')).toEqual({
      key: 'status',
      include: ['healthy'],
      exclude: ['unhealthy'],
      comparisons: [{ comparator: '>', value: 'now-1h' }],
    });
    expect(encodeFilterExtension({ include: ['a,b'], exclude: ['c'], comparisons: [] })).toBe(
      '"a,b",!c',
    );
  });
});

describe('parseQuery', () => {
  it('splits reserved keys, filters and extensions', () => {
    const params = new URLSearchParams(
      'select=id,name&check_id=eq.1&time=gt.2024-01-01T00:00:00Z&or=(a.eq.1,b.eq.2)&not.and=(c.is.null)&labels.filter=x,!y&order=time.desc&limit=50&offset=100',
    );
    const query = parseQuery(params);
    expect(query.select).toHaveLength(2);
    expect(query.filters.map((f) => f.kind)).toEqual(['condition', 'condition', 'or', 'and']);
    expect(query.filters[3]).toMatchObject({ kind: 'and', negated: true });
    expect(query.extensions).toEqual([
      { key: 'labels', include: ['x'], exclude: ['y'], comparisons: [] },
    ]);
    expect(query.order).toEqual([{ column: 'time', direction: 'desc' }]);
    expect(query).toMatchObject({ limit: 50, offset: 100 });
    expect(encodeQuery(query).toString()).toBe(
      new URLSearchParams(
        'select=id,name&check_id=eq.1&time=gt.2024-01-01T00:00:00Z&or=(a.eq.1,b.eq.2)&not.and=(c.is.null)&labels.filter=x,!y&order=time.desc&limit=50&offset=100',
      ).toString(),
    );
  });

  it('names the failing parameter', () => {
    const attempt = () => parseQuery(new URLSearchParams('name=eq.a&limit=ten'));
    expect(attempt).toThrow(PostgrestParseError);
    expect(attempt).toThrow(/"limit"/);
    try {
      parseQuery(new URLSearchParams('status=bogus.1'));
    } catch (error) {
      expect(error).toBeInstanceOf(PostgrestParseError);
      expect((error as PostgrestParseError).param).toBe('status');
      expect((error as PostgrestParseError).message).toMatch(
        /Query parameter "status": .*unknown operator "bogus"/,
      );
    }
    expect(() => parseQuery(new URLSearchParams('order=a&order=b'))).toThrow(/more than once/);
  });

  it('quotes a column whose name is a reserved key', () => {
    const params = encodeQuery({
      filters: [{ kind: 'condition', column: 'order', operator: 'eq', negated: false, value: '1' }],
      order: [],
      extensions: [],
    });
    expect(params.toString()).toBe('%22order%22=eq.1');
    expect(parseQuery(params).filters[0]).toMatchObject({ column: 'order' });
  });
});
