import { array, nullish, type core, type output } from 'zod/mini';
import {
  encodeQuery,
  parseLogicTree,
  parseSelect,
  type ExtensionComparator,
  type Filter,
  type FilterExpression,
  type IsValue,
  type LogicGroup,
  type PostgrestQuery,
  type ScalarOperator,
  type SelectItem,
} from '../postgrest/index.ts';
import { parseContentRange } from '../contentRange.ts';
import { ApiError } from '../errors.ts';
import type { HttpMethod, RequestOptions, ServiceGroup } from '../http.ts';

/** Column names of a row type, while still allowing embedded paths and JSON operators. */
export type ColumnName<Row> = Extract<keyof Row, string> | (string & {});
/** Filter values are written as text; dates as ISO-8601. */
export type FilterInput = string | number | boolean | Date | bigint;
export type IsInput = IsValue | null | boolean;

export interface CountedRows<Row> {
  data: Row[];
  /** From `Content-Range` (`0-49/3573` -> 3573, `*\/0` -> 0); the row count when the server gave none. */
  total: number;
}

type Mode = 'many' | 'count' | 'single' | 'maybeSingle';
/** PostgREST's `Prefer: count=` methods. */
type CountMethod = 'exact' | 'planned' | 'estimated';
export type BuilderResult<Row, M extends Mode> = M extends 'count'
  ? CountedRows<Row>
  : M extends 'single'
    ? Row
    : M extends 'maybeSingle'
      ? Row | null
      : Row[];

export interface OrderOptions {
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface TriStateInput {
  include?: readonly string[];
  exclude?: readonly string[];
  comparisons?: readonly { comparator: ExtensionComparator; value: string }[];
}

/** What a builder will send; handy for logging and for tests. */
export interface PostgrestRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function toText(value: FilterInput): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function toIsValue(value: IsInput): IsValue {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

/**
 * A chainable PostgREST request for one table, in the style of supabase's postgrest-js. Every
 * filter, order and select goes through the `./postgrest` encoders. Await it (or call `execute`).
 */
export class PostgrestBuilder<Row, M extends Mode = 'many'> implements PromiseLike<
  BuilderResult<Row, M>
> {
  #method: HttpMethod = 'GET';
  #query: PostgrestQuery = { filters: [], order: [], extensions: [] };
  #body: unknown = undefined;
  #mode: Mode = 'many';
  #countMethod: CountMethod = 'exact';
  #signal: AbortSignal | undefined;
  #rowSchema: core.$ZodType | undefined;

  constructor(
    private readonly group: ServiceGroup,
    readonly table: string,
  ) {}

  /** `select('id,name,agent:agent_id(id,name)')` or a select AST; default `*`. */
  select(columns: string | SelectItem[] = '*'): this {
    this.#query.select = typeof columns === 'string' ? parseSelect(columns) : columns;
    return this;
  }

  #condition(column: string, expression: FilterExpression): this {
    this.#query.filters.push({ kind: 'condition', column, ...expression });
    return this;
  }

  #scalar(operator: ScalarOperator, column: string, value: FilterInput, negated = false): this {
    return this.#condition(column, { operator, negated, value: toText(value) });
  }

  eq(column: ColumnName<Row>, value: FilterInput): this {
    return this.#scalar('eq', column, value);
  }
  neq(column: ColumnName<Row>, value: FilterInput): this {
    return this.#scalar('neq', column, value);
  }
  gt(column: ColumnName<Row>, value: FilterInput): this {
    return this.#scalar('gt', column, value);
  }
  gte(column: ColumnName<Row>, value: FilterInput): this {
    return this.#scalar('gte', column, value);
  }
  lt(column: ColumnName<Row>, value: FilterInput): this {
    return this.#scalar('lt', column, value);
  }
  lte(column: ColumnName<Row>, value: FilterInput): this {
    return this.#scalar('lte', column, value);
  }
  /** PostgREST reads `*` in the pattern as `%`. */
  like(column: ColumnName<Row>, pattern: string): this {
    return this.#scalar('like', column, pattern);
  }
  ilike(column: ColumnName<Row>, pattern: string): this {
    return this.#scalar('ilike', column, pattern);
  }
  in(column: ColumnName<Row>, values: readonly FilterInput[]): this {
    return this.#condition(column, { operator: 'in', negated: false, value: values.map(toText) });
  }
  is(column: ColumnName<Row>, value: IsInput): this {
    return this.#condition(column, { operator: 'is', negated: false, value: toIsValue(value) });
  }

  /** `not(column, 'in', [...])`, `not(column, 'is', null)`, `not(column, 'eq', 'x')`. */
  not(column: ColumnName<Row>, operator: 'in', values: readonly FilterInput[]): this;
  not(column: ColumnName<Row>, operator: 'is', value: IsInput): this;
  not(column: ColumnName<Row>, operator: ScalarOperator, value: FilterInput): this;
  not(column: string, operator: ScalarOperator | 'in' | 'is', value: unknown): this {
    if (operator === 'in') {
      return this.#condition(column, {
        operator,
        negated: true,
        value: (value as FilterInput[]).map(toText),
      });
    }
    if (operator === 'is')
      return this.#condition(column, {
        operator,
        negated: true,
        value: toIsValue(value as IsInput),
      });
    return this.#scalar(operator, column, value as FilterInput, true);
  }

  #group(kind: 'and' | 'or', items: string | readonly Filter[], negated: boolean): this {
    // A string is read with the same grammar, so a malformed tree fails here, not on the server.
    const group: LogicGroup =
      typeof items === 'string'
        ? parseLogicTree(kind, negated, items.startsWith('(') ? items : `(${items})`)
        : { kind, negated, items: [...items] };
    this.#query.filters.push(group);
    return this;
  }

  /** `or('status.eq.healthy,and(type.eq.http,name.ilike.*api*)')` or an AST; `{negated}` for `not.or`. */
  or(items: string | readonly Filter[], options: { negated?: boolean } = {}): this {
    return this.#group('or', items, options.negated ?? false);
  }
  and(items: string | readonly Filter[], options: { negated?: boolean } = {}): this {
    return this.#group('and', items, options.negated ?? false);
  }

  /** Any parsed filter (condition or group), e.g. from a saved view. */
  filter(filter: Filter): this {
    this.#query.filters.push(filter);
    return this;
  }

  /** The backend's `{key}.filter=a,!b,>now-1h` extension (tri-state include/exclude, date math). */
  triState(key: string, value: TriStateInput): this {
    this.#query.extensions.push({
      key,
      include: [...(value.include ?? [])],
      exclude: [...(value.exclude ?? [])],
      comparisons: (value.comparisons ?? []).map((c) => ({ ...c })),
    });
    return this;
  }

  /** Adds an order term; call again for more columns. */
  order(column: ColumnName<Row>, options: OrderOptions = {}): this {
    this.#query.order.push({
      column,
      direction: options.direction ?? 'asc',
      ...(options.nulls ? { nulls: options.nulls } : {}),
    });
    return this;
  }

  limit(count: number): this {
    this.#query.limit = count;
    return this;
  }
  offset(count: number): this {
    this.#query.offset = count;
    return this;
  }
  /** Rows `from` to `to`, both inclusive (0-based), as `offset` and `limit`. */
  range(from: number, to: number): this {
    this.#query.offset = from;
    this.#query.limit = to - from + 1;
    return this;
  }

  /**
   * Sends `Prefer: count={method}` and resolves `{data, total}`. `estimated` is exact up to the
   * server's max rows and the planner's estimate above, for a table too big to count each time.
   */
  count(method: CountMethod = 'exact'): PostgrestBuilder<Row, 'count'> {
    this.#mode = 'count';
    this.#countMethod = method;
    return this as unknown as PostgrestBuilder<Row, 'count'>;
  }
  /** Resolves the one matching row; any other number of rows fails with kind `validation`. */
  single(): PostgrestBuilder<Row, 'single'> {
    this.#mode = 'single';
    return this as unknown as PostgrestBuilder<Row, 'single'>;
  }
  /** Resolves the matching row or null; more than one row fails with kind `validation`. */
  maybeSingle(): PostgrestBuilder<Row, 'maybeSingle'> {
    this.#mode = 'maybeSingle';
    return this as unknown as PostgrestBuilder<Row, 'maybeSingle'>;
  }

  /** Validates each row; a mismatch fails with kind `validation` naming the path. */
  rows<S extends core.$ZodType>(schema: S): PostgrestBuilder<output<S>, M> {
    this.#rowSchema = schema;
    return this as unknown as PostgrestBuilder<output<S>, M>;
  }

  insert(values: Partial<Row> | readonly Partial<Row>[]): this {
    this.#method = 'POST';
    this.#body = values;
    return this;
  }
  update(values: Partial<Row>): this {
    this.#method = 'PATCH';
    this.#body = values;
    return this;
  }
  /** The console's deletion: PATCH `deleted_at` to now on the filtered rows. */
  softDelete(now: Date = new Date()): this {
    return this.update({ deleted_at: now.toISOString() } as unknown as Partial<Row>);
  }
  delete(): this {
    this.#method = 'DELETE';
    this.#body = undefined;
    return this;
  }

  abortSignal(signal: AbortSignal | undefined): this {
    this.#signal = signal;
    return this;
  }

  #prefer(): string | null {
    const parts: string[] = [];
    if (this.#method !== 'GET') parts.push('return=representation');
    if (this.#mode === 'count') parts.push(`count=${this.#countMethod}`);
    return parts.length > 0 ? parts.join(',') : null;
  }

  toRequest(): PostgrestRequest {
    const prefer = this.#prefer();
    return {
      method: this.#method,
      url: this.group.url(this.table, encodeQuery(this.#query)),
      headers: { Accept: 'application/json', ...(prefer ? { Prefer: prefer } : {}) },
      body: this.#body,
    };
  }

  async execute(signal: AbortSignal | undefined = this.#signal): Promise<BuilderResult<Row, M>> {
    const filtered = this.#query.filters.length > 0 || this.#query.extensions.length > 0;
    if ((this.#method === 'PATCH' || this.#method === 'DELETE') && !filtered) {
      // PostgREST would touch every row of the table; that is never what the console means.
      throw new TypeError(`Refusing to ${this.#method} every row of ${this.table}: add a filter`);
    }
    const options: RequestOptions<unknown> = {
      searchParams: encodeQuery(this.#query),
      json: this.#body,
      prefer: this.#prefer(),
      signal,
    };
    // A list checks each row alone so one bad row is left out (and reported), not the whole page;
    // one record asked for by id must be right or fail.
    if (this.#rowSchema) {
      if (this.#mode === 'single' || this.#mode === 'maybeSingle')
        options.schema = nullish(array(this.#rowSchema));
      else options.rowSchema = this.#rowSchema;
    }
    const { data, response } = await this.group.send<unknown>(this.#method, this.table, options);
    const rows = (Array.isArray(data) ? data : data == null ? [] : [data]) as Row[];
    switch (this.#mode) {
      case 'count': {
        const total =
          parseContentRange(response.headers.get('Content-Range'))?.total ?? rows.length;
        return { data: rows, total } as BuilderResult<Row, M>;
      }
      case 'single':
      case 'maybeSingle': {
        if (rows.length === 1 || (rows.length === 0 && this.#mode === 'maybeSingle')) {
          return (rows[0] ?? null) as BuilderResult<Row, M>;
        }
        throw new ApiError({
          kind: 'validation',
          status: response.status,
          message: `Expected ${this.#mode === 'single' ? 'exactly one row' : 'at most one row'} from ${this.table}, got ${rows.length}`,
          body: data,
          url: response.url,
          method: this.#method,
        });
      }
      default:
        return rows as BuilderResult<Row, M>;
    }
  }

  then<A = BuilderResult<Row, M>, B = never>(
    onfulfilled?: ((value: BuilderResult<Row, M>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.execute().then(onfulfilled, onrejected);
  }
}

export interface RpcOptions<T> {
  /** Call with GET and the arguments as query parameters (for read-only functions). */
  get?: boolean;
  signal?: AbortSignal;
  schema?: core.$ZodType<T>;
}

/** The `db` group: PostgREST tables, views and functions. */
export interface DbGroup extends ServiceGroup {
  from<Row = Record<string, unknown>>(table: string): PostgrestBuilder<Row>;
  /** POST `/rpc/{name}` with the arguments as JSON (or GET with `{get: true}`). */
  rpc<T = unknown>(
    name: string,
    args?: Record<string, unknown>,
    options?: RpcOptions<T>,
  ): Promise<T>;
}

export function createDbGroup(group: ServiceGroup): DbGroup {
  return {
    ...group,
    from: <Row>(table: string) => new PostgrestBuilder<Row>(group, table),
    rpc: <T>(name: string, args: Record<string, unknown> = {}, options: RpcOptions<T> = {}) => {
      const path = `rpc/${encodeURIComponent(name)}`;
      const common = {
        signal: options.signal,
        ...(options.schema ? { schema: options.schema } : {}),
      };
      if (options.get) {
        const searchParams = Object.fromEntries(
          Object.entries(args).map(([key, value]) => [
            key,
            typeof value === 'object' && value !== null
              ? JSON.stringify(value)
              : (value as string | number | boolean | null | undefined),
          ]),
        );
        return group.get<T>(path, { ...common, searchParams });
      }
      return group.post<T>(path, { ...common, json: args, prefer: null });
    },
  };
}
