// CEL's `matchQuery(resource, query)` and `time.InTimeRange(t, start, end)` (Mission Control's
// notification and silence filters; fixtures check-label-match-query, config-health-match-query and
// checks-date-window use them).

type Row = Record<string, unknown>;

const asMap = (value: unknown): Row =>
  value instanceof Map
    ? (Object.fromEntries(value) as Row)
    : value && typeof value === 'object'
      ? (value as Row)
      : {};

function glob(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(value);
}

/**
 * A field of the resource: `name`, `type`, a nested `a.b`, or a key of its labels, tags or any map
 * (`labels.app.kubernetes.io/name`: the rest after the map's name is one key). A bare name the
 * resource does not have is looked up in its labels, then its tags.
 */
function fieldOf(resource: Row, field: string): unknown {
  if (field in resource) return resource[field];
  const dot = field.indexOf('.');
  if (dot > 0) {
    const head = resource[field.slice(0, dot)];
    const rest = field.slice(dot + 1);
    if (head !== null && typeof head === 'object') {
      const map = asMap(head);
      return rest in map ? map[rest] : fieldOf(map, rest);
    }
    return undefined;
  }
  const labels = asMap(resource.labels);
  if (field in labels) return labels[field];
  const tags = asMap(resource.tags);
  return tags[field];
}

const text = (value: unknown) =>
  value === null || value === undefined
    ? undefined
    : value instanceof Date
      ? value.toISOString()
      : String(value);

function compare(operator: string, actual: unknown, wanted: string): boolean {
  const value = text(actual);
  if (operator === '=' || operator === '!=') {
    // Comma-separated values: any one matches; `*` is a wildcard.
    const matches = value !== undefined && wanted.split(',').some((one) => glob(one.trim(), value));
    return operator === '=' ? matches : !matches;
  }
  if (value === undefined) return false;
  const [a, b] =
    Number.isFinite(Number(value)) && Number.isFinite(Number(wanted))
      ? [Number(value), Number(wanted)]
      : [Date.parse(value), Date.parse(wanted)];
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  if (operator === '>') return a > b;
  if (operator === '<') return a < b;
  if (operator === '>=') return a >= b;
  return a <= b;
}

const TERM = /^([A-Za-z_][\w.\-/]*?)(!=|>=|<=|=|>|<)(.*)$/;

/**
 * Whether a resource matches a search query (reference §7's grammar, the part a filter uses):
 * space-separated terms that must all hold — `field=value` (values comma-separated, any one;
 * `*` a wildcard), `field!=value`, `field>value`, `field<value` (numbers or dates), a bare `word`
 * (the name starts with it) and `-word` (it does not). A quoted value may hold spaces.
 */
export function matchQuery(resource: unknown, query: string): boolean {
  const row = asMap(resource);
  const terms = query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  return terms.every((raw) => {
    const term = raw.replace(/"/g, '');
    const pair = TERM.exec(term);
    if (pair) return compare(pair[2]!, fieldOf(row, pair[1]!), pair[3]!);
    const negated = term.startsWith('-');
    const prefix = (negated ? term.slice(1) : term).replace(/\*$/, '');
    const starts = (text(row.name) ?? '').startsWith(prefix);
    return negated ? !starts : starts;
  });
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function secondsOfClock(clock: string): number {
  const parts = CLOCK.exec(clock.trim());
  if (!parts || Number(parts[1]) > 23 || Number(parts[2]) > 59 || Number(parts[3] ?? 0) > 59)
    throw new Error(`time.InTimeRange: "${clock}" is not a time of day such as 06:00`);
  return Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3] ?? 0);
}

/**
 * Whether `t`'s time of day is from `start` (included) to `end` (excluded), both `HH:MM` or
 * `HH:MM:SS`; a range whose end is before its start runs over midnight. The time of day is the
 * one `t` is written in (its own offset; UTC for a timestamp).
 */
export function inTimeRange(t: unknown, start: string, end: string): boolean {
  let seconds: number;
  const written = typeof t === 'string' ? /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(t) : null;
  if (written)
    seconds = Number(written[1]) * 3600 + Number(written[2]) * 60 + Number(written[3] ?? 0);
  else {
    const date = t instanceof Date ? t : new Date(String(t));
    if (Number.isNaN(date.getTime()))
      throw new Error(`time.InTimeRange: ${JSON.stringify(t)} is not a time`);
    seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  }
  const from = secondsOfClock(start);
  const to = secondsOfClock(end);
  return from <= to ? seconds >= from && seconds < to : seconds >= from || seconds < to;
}
