/**
 * The small grammars of the catalog endpoints (reference §3), each turned into a parameterised SQL
 * condition: tri-state value lists, label selectors, date math. Every value is bound; the only
 * text written into SQL is a column expression chosen by the caller.
 */

/** Collects bind parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A request value that cannot be read; the caller answers 400 (or drops the filter when lenient). */
export class FilterError extends Error {}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `x*` prefix, `*x` suffix, `*x*` contains, else the whole value: an ILIKE pattern. */
function likePattern(item: string): string {
  const starts = item.startsWith('*');
  const ends = item.endsWith('*') && item.length > 1;
  const core = item.slice(starts ? 1 : 0, ends ? -1 : undefined);
  return `${starts ? '%' : ''}${escapeLike(core)}${ends ? '%' : ''}`;
}

export interface TriState {
  include: string[];
  exclude: string[];
}

/** `a,!b,c*`: a comma list, `!` excludes; empty items are mistakes. */
export function parseTriState(text: string, name: string): TriState {
  const result: TriState = { include: [], exclude: [] };
  for (const raw of text.split(',')) {
    const item = raw.trim();
    const negated = item.startsWith('!');
    const value = negated ? item.slice(1).trim() : item;
    if (!value || (value === '*' && negated))
      throw new FilterError(
        `${name} must be a comma list of values, each optionally preceded by !`,
      );
    if (value === '*') continue;
    (negated ? result.exclude : result.include).push(value);
  }
  return result;
}

/** The SQL condition of a tri-state value on `column`, case-insensitive as the reference says. */
export function triStateSql(column: string, value: TriState, params: Params): string | undefined {
  const parts: string[] = [];
  if (value.include.length > 0)
    parts.push(
      `(${value.include.map((item) => `${column} ILIKE ${params.bind(likePattern(item))}`).join(' OR ')})`,
    );
  if (value.exclude.length > 0)
    parts.push(
      `(${column} IS NULL OR NOT (${value.exclude.map((item) => `${column} ILIKE ${params.bind(likePattern(item))}`).join(' OR ')}))`,
    );
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

interface LabelRequirement {
  key: string;
  op: '=' | '!=' | 'in' | 'notin' | 'exists' | '!exists';
  values: string[];
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,252}$/;

/** A Kubernetes label selector: `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`. */
export function parseLabelSelector(text: string, name: string): LabelRequirement[] {
  const requirements: LabelRequirement[] = [];
  // Commas inside parentheses belong to a set.
  const terms: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) throw new FilterError(`${name} has an unbalanced ")"`);
    if (char === ',' && depth === 0) {
      terms.push(current);
      current = '';
    } else current += char;
  }
  if (depth !== 0) throw new FilterError(`${name} has an unbalanced "("`);
  terms.push(current);
  for (const raw of terms) {
    const term = raw.trim();
    if (!term) continue;
    const set = /^(\S+)\s+(in|notin)\s*\(([^()]*)\)$/.exec(term);
    const pair = /^([^=!\s]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    let requirement: LabelRequirement;
    if (set) {
      const values = set[3]!.split(',').map((value) => value.trim());
      requirement = { key: set[1]!, op: set[2] as 'in' | 'notin', values };
    } else if (pair) {
      requirement = {
        key: pair[1]!,
        op: pair[2] === '!=' ? '!=' : '=',
        values: [pair[3]!.trim()],
      };
    } else if (term.startsWith('!')) {
      requirement = { key: term.slice(1).trim(), op: '!exists', values: [] };
    } else {
      requirement = { key: term, op: 'exists', values: [] };
    }
    if (!KEY.test(requirement.key))
      throw new FilterError(`${name}: "${requirement.key}" is not a label key`);
    requirements.push(requirement);
  }
  return requirements;
}

/** The SQL condition of a label selector over a jsonb column. */
export function labelSelectorSql(
  column: string,
  requirements: readonly LabelRequirement[],
  params: Params,
): string | undefined {
  const parts = requirements.map(({ key, op, values }) => {
    const value = `(${column}->>${params.bind(key)}::text)`;
    switch (op) {
      case '=':
        return `${value} = ${params.bind(values[0])}`;
      case '!=':
        return `${value} IS DISTINCT FROM ${params.bind(values[0])}`;
      case 'in':
        return `${value} = ANY(${params.bind(values)}::text[])`;
      case 'notin':
        return `(${value} IS NULL OR NOT ${value} = ANY(${params.bind(values)}::text[]))`;
      case 'exists':
        return `${value} IS NOT NULL`;
      case '!exists':
        return `${value} IS NULL`;
    }
  });
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

const UNIT_MILLIS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

const RFC3339 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Date math (`now`, `now-2d`, `now-1h+30m`) or an RFC 3339 time, as epoch millis. */
export function parseDateMath(text: string, now: number, name: string): number {
  const trimmed = text.trim();
  if (trimmed.startsWith('now')) {
    let at = now;
    let rest = trimmed.slice(3);
    while (rest) {
      const step = /^([+-])(\d{1,6})([smhdwMy])/.exec(rest);
      if (!step) throw new FilterError(`${name} must be date math (now-2d) or an RFC 3339 time`);
      const millis = Number(step[2]) * UNIT_MILLIS[step[3]!]!;
      at += step[1] === '-' ? -millis : millis;
      rest = rest.slice(step[0].length);
    }
    return inRange(at, name);
  }
  return inRange(RFC3339.test(trimmed) ? Date.parse(trimmed) : Number.NaN, name);
}

// Years 0001-9999: what Postgres and JSON both write back unchanged.
function inRange(at: number, name: string): number {
  if (!Number.isFinite(at) || at < -62_135_596_800_000 || at > 253_402_300_799_999)
    throw new FilterError(`${name} must be date math (now-2d) or an RFC 3339 time in years 1-9999`);
  return at;
}
