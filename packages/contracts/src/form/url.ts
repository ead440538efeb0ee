// A record's url built from its fields (settings spec §3: notification connections get a url
// string on submit, secrets as placeholders the server fills from the password or username). The
// template is data on the description, so a type's form and its url cannot drift apart.

const REFERENCE = /\{(\+?)([\w.]+)(?:\|([^}]*))?\}|\$\((username|password)\)/g;
const OPTIONAL = /(\[[^\]]*\])/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) current = isRecord(current) ? current[key] : undefined;
  return current;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A secret-or-reference typed in as a static value.
  if (isRecord(value) && typeof value.value === 'string') return value.value.trim();
  return '';
}

/** Whether the server has something to put in for $(username) / $(password). */
function secretIsSet(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (!isRecord(value)) return false;
  return scalarText(value) !== '' || isRecord(value.valueFrom);
}

/** The part with its references filled in, or undefined when one of them is empty. */
function expand(part: string, values: Record<string, unknown>): string | undefined {
  let complete = true;
  const text = part.replace(
    REFERENCE,
    (_match, raw: string, path: string | undefined, separator: string | undefined, secret) => {
      if (secret) {
        if (!secretIsSet(values[secret as string])) complete = false;
        return `$(${secret as string})`;
      }
      const value = valueAt(values, path ?? '');
      const encode = raw ? (item: string) => item : encodeURIComponent;
      const items = (Array.isArray(value) ? value : [value]).map(scalarText).filter(Boolean);
      if (items.length === 0) complete = false;
      return items.map(encode).join(separator ?? ',');
    },
  );
  return complete ? text : undefined;
}

function expandAll(template: string, values: Record<string, unknown>): string {
  return template
    .split(OPTIONAL)
    .map((part) =>
      part.startsWith('[') && part.endsWith(']')
        ? (expand(part.slice(1, -1), values) ?? '')
        : part.replace(REFERENCE, (reference) => expand(reference, values) ?? ''),
    )
    .join('');
}

/**
 * The url a template gives for `values`:
 * - `{path}` is the value at a dotted path, percent-encoded; a list's items are joined with `,`
 *   (`{path|/}` joins with `/`); `{+path}` is inserted as typed (a whole URL);
 * - `$(username)` and `$(password)` stay as they are: the server replaces them with the record's
 *   username and password (static or from a secret), so no secret is written into the url;
 * - `[...]` is an optional part, left out when any reference in it is empty;
 * - after `?`, every `key=value` parameter is optional, and `?` goes when none is left.
 */
export function buildUrl(template: string, values: Record<string, unknown>): string {
  const queryStart = template.indexOf('?');
  if (queryStart === -1) return expandAll(template, values);
  const base = expandAll(template.slice(0, queryStart), values);
  const parameters = template
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => expand(parameter, values))
    .filter((parameter): parameter is string => parameter !== undefined);
  return parameters.length === 0 ? base : `${base}?${parameters.join('&')}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regex source of a template part, its references captured in order into `paths`. */
function partPattern(part: string, paths: { path: string; separator: string }[]): string {
  let source = '';
  let last = 0;
  for (const match of part.matchAll(REFERENCE)) {
    source += escapeRegExp(part.slice(last, match.index));
    last = match.index + match[0].length;
    const [whole, raw, path, separator, secret] = match;
    if (secret) {
      source += escapeRegExp(whole);
      continue;
    }
    paths.push({ path: path!, separator: separator ?? ',' });
    // An encoded value holds none of / ? # @ : & = (a list joined with / holds /); {+…} anything.
    source += raw ? '(.+?)' : separator === '/' ? '([^?#@:&=]+?)' : '([^/?#@:&=]+)';
  }
  return source + escapeRegExp(part.slice(last));
}

/**
 * The values a url built by `buildUrl(template, …)` was made from (an existing connection's url
 * read back into its fields), by dotted path; `lists` names the paths that hold lists (split on
 * their separator). Undefined when the url does not have the template's shape. `$(username)` and
 * `$(password)` give nothing: those values live in their own fields.
 */
export function parseUrl(
  template: string,
  url: string,
  lists: ReadonlySet<string> = new Set(),
): Record<string, unknown> | undefined {
  const queryStart = template.indexOf('?');
  const baseTemplate = queryStart === -1 ? template : template.slice(0, queryStart);
  const paths: { path: string; separator: string }[] = [];
  const source = baseTemplate
    .split(OPTIONAL)
    .map((part) =>
      part.startsWith('[') && part.endsWith(']')
        ? `(?:${partPattern(part.slice(1, -1), paths)})?`
        : partPattern(part, paths),
    )
    .join('');
  // The query starts at the first `?key=` of the template's parameters (a {+url} may hold a `?`).
  const keys = queryStart === -1 ? [] : template.slice(queryStart + 1).split('&');
  const starts = keys
    .map((parameter) => url.indexOf(`?${parameter.slice(0, parameter.indexOf('='))}=`))
    .filter((index) => index !== -1);
  const urlQueryStart =
    queryStart === -1 ? -1 : starts.length ? Math.min(...starts) : url.indexOf('?');
  const base = urlQueryStart === -1 ? url : url.slice(0, urlQueryStart);
  const matched = new RegExp(`^${source}$`).exec(base);
  if (!matched) return undefined;
  const values: Record<string, unknown> = {};
  const put = (path: string, separator: string, text: string | undefined) => {
    if (text === undefined || text === '') return;
    const decode = (item: string) => {
      try {
        return decodeURIComponent(item);
      } catch {
        return item;
      }
    };
    values[path] = lists.has(path) ? text.split(separator).map(decode) : decode(text);
  };
  paths.forEach(({ path, separator }, index) => put(path, separator, matched[index + 1]));
  if (queryStart !== -1 && urlQueryStart !== -1) {
    const given = new Map(
      url
        .slice(urlQueryStart + 1)
        .split('&')
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    for (const parameter of template.slice(queryStart + 1).split('&')) {
      const key = parameter.slice(0, parameter.indexOf('='));
      const reference = [...parameter.matchAll(REFERENCE)][0];
      if (!reference || reference[4] || !given.has(key)) continue;
      put(reference[2]!, reference[3] ?? ',', given.get(key));
    }
  }
  return values;
}
