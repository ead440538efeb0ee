import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeFilterExtension,
  encodeFilterValue,
  encodeLogicTree,
  encodeOrder,
  encodeQuery,
  encodeSelect,
  isValues,
  parseFilterExtension,
  parseFilterValue,
  parseLogicTree,
  parseOrder,
  parseQuery,
  parseSelect,
  scalarOperators,
  type Filter,
  type FilterCondition,
  type FilterExpression,
  type FilterExtension,
  type LogicGroup,
  type OrderTerm,
  type PostgrestQuery,
  type SelectItem,
} from './index.ts';

// Arbitrary unicode, plus strings made mostly of the characters the grammar treats specially.
const tricky = fc.constantFrom(
  ',',
  '.',
  ':',
  '(',
  ')',
  '"',
  '\\',
  ' ',
  '!',
  '*',
  '-',
  '>',
  '<',
  '=',
  'a',
  'n',
  'é',
  '😀',
  '\t',
);
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: tricky }),
  fc.constantFrom('not', 'and', 'or', 'inner', 'null', ''),
);

const expression: fc.Arbitrary<FilterExpression> = fc.oneof(
  fc.record({ operator: fc.constantFrom(...scalarOperators), negated: fc.boolean(), value: text }),
  fc.record({
    operator: fc.constant('in' as const),
    negated: fc.boolean(),
    value: fc.array(text, { maxLength: 5 }),
  }),
  fc.record({
    operator: fc.constant('is' as const),
    negated: fc.boolean(),
    value: fc.constantFrom(...isValues),
  }),
);
const condition: fc.Arbitrary<FilterCondition> = fc
  .tuple(text, expression)
  .map(([column, expr]) => ({ kind: 'condition' as const, column, ...expr }));

const { group } = fc.letrec<{ group: LogicGroup; item: Filter }>((tie) => ({
  group: fc.record({
    kind: fc.constantFrom('and' as const, 'or' as const),
    negated: fc.boolean(),
    items: fc.array(tie('item'), { minLength: 1, maxLength: 4 }),
  }),
  item: fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('group')),
}));

const orderTerm: fc.Arbitrary<OrderTerm> = fc.record(
  {
    column: text,
    direction: fc.constantFrom('asc' as const, 'desc' as const),
    nulls: fc.constantFrom('first' as const, 'last' as const),
  },
  { requiredKeys: ['column', 'direction'] },
);

const { selectItem } = fc.letrec<{ selectItem: SelectItem }>((tie) => ({
  selectItem: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant({ kind: 'star' as const }),
    fc.record(
      {
        kind: fc.constant('field' as const),
        column: text,
        alias: text,
        jsonPath: fc.array(
          fc.record({ arrow: fc.constantFrom('->' as const, '->>' as const), key: text }),
          { minLength: 1, maxLength: 3 },
        ),
        cast: text,
      },
      { requiredKeys: ['kind', 'column'] },
    ),
    fc.record(
      {
        kind: fc.constant('embed' as const),
        relation: text,
        alias: text,
        hint: text,
        joinType: fc.constantFrom('inner' as const, 'left' as const),
        children: fc.array(tie('selectItem'), { maxLength: 3 }),
      },
      { requiredKeys: ['kind', 'relation', 'children'] },
    ),
  ),
}));

const extension: fc.Arbitrary<FilterExtension> = fc.record({
  key: text.filter((k) => !k.startsWith('"')),
  include: fc.array(text, { maxLength: 3 }),
  exclude: fc.array(text, { maxLength: 3 }),
  comparisons: fc.array(
    fc.record({
      comparator: fc.constantFrom('>' as const, '>=' as const, '<' as const, '<=' as const),
      value: text,
    }),
    {
      maxLength: 2,
    },
  ),
});

const runs = { numRuns: Number(process.env.FC_RUNS ?? 400) };

describe('parse(encode(x)) == x', () => {
  it('filter values, including in-lists', () => {
    fc.assert(
      fc.property(expression, (expr) => {
        expect(parseFilterValue(encodeFilterValue(expr))).toEqual(expr);
      }),
      runs,
    );
  });

  it('logic trees', () => {
    fc.assert(
      fc.property(group, (g) => {
        expect(parseLogicTree(g.kind, g.negated, encodeLogicTree(g))).toEqual(g);
      }),
      runs,
    );
  });

  it('order', () => {
    fc.assert(
      fc.property(fc.array(orderTerm, { minLength: 1, maxLength: 4 }), (terms) => {
        expect(parseOrder(encodeOrder(terms))).toEqual(terms);
      }),
      runs,
    );
  });

  it('select', () => {
    fc.assert(
      fc.property(fc.array(selectItem, { minLength: 1, maxLength: 4 }), (items) => {
        expect(parseSelect(encodeSelect(items))).toEqual(items);
      }),
      runs,
    );
  });

  it('the {key}.filter extension', () => {
    fc.assert(
      fc.property(extension, (ext) => {
        expect(parseFilterExtension(ext.key, encodeFilterExtension(ext))).toEqual(ext);
      }),
      runs,
    );
  });

  it('whole queries through a real query string', () => {
    const query: fc.Arbitrary<PostgrestQuery> = fc.record(
      {
        select: fc.array(selectItem, { minLength: 1, maxLength: 3 }),
        filters: fc.array(fc.oneof(condition, group), { maxLength: 4 }),
        order: fc.array(orderTerm, { maxLength: 3 }),
        limit: fc.nat(),
        offset: fc.nat(),
        extensions: fc.array(extension, { maxLength: 2 }),
      },
      { requiredKeys: ['filters', 'order', 'extensions'] },
    );
    fc.assert(
      fc.property(query, (q) => {
        const wire = encodeQuery(q).toString();
        expect(parseQuery(new URLSearchParams(wire))).toEqual(q);
      }),
      runs,
    );
  });

  it('never crashes with anything but a PostgrestParseError on arbitrary input', () => {
    fc.assert(
      fc.property(text, text, (key, value) => {
        try {
          parseQuery(new URLSearchParams([[key, value]]));
        } catch (error) {
          expect((error as Error).name).toBe('PostgrestParseError');
        }
      }),
      runs,
    );
  });
});
