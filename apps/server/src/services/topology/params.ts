/** `x` includes, `!x` excludes, `*` matches all (reference §4); empty: no condition. */
export interface ValueSelector {
  include: string[];
  exclude: string[];
}

export type SortBy = { kind: 'name' | 'status' | 'type' } | { kind: 'field'; property: string };

/** What GET /api/canary/api/topology reads, checked. */
export interface TopologyParams {
  id?: string;
  /** Levels returned, the first one included (1: the roots only). */
  depth: number;
  status: ValueSelector;
  type: ValueSelector;
  labels?: Record<string, string>;
  owner?: string;
  /**
   * Where the status filter applies, only components the team owns (team_components). Mission
   * Control's handler ignores it; the console applies it again on the cards for that reason.
   */
  team?: string;
  agentId?: string;
  /** false: hidden components are left out. */
  hidden?: boolean;
  sortBy?: SortBy;
  sortOrder: 'asc' | 'desc';
  flatten: boolean;
  /** Leave healthy components out where the status filter applies (our extension). */
  hidePassing: boolean;
}

export const DEFAULT_DEPTH = 5;
/** Deeper than any estate the console draws; keeps a cycle of relationships from growing a huge reply. */
export const MAX_DEPTH = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 256;
const KNOWN = new Set([
  'id',
  'depth',
  'status',
  'type',
  'labels',
  'owner',
  'team',
  'agent_id',
  'hidden',
  'sortBy',
  'sortOrder',
  'flatten',
  'hidePassing',
  'noCache',
  'no-cache',
]);

/** The parameters of one request, or what is wrong with them (a 400's message). */
export function parseTopologyParams(query: URLSearchParams): TopologyParams | string {
  for (const key of query.keys()) {
    if (!KNOWN.has(key)) return `unknown parameter ${key}`;
    if (query.getAll(key).length > 1) return `${key} is given more than once`;
  }
  const get = (key: string) => {
    const value = query.get(key);
    return value === null || value === '' ? undefined : value;
  };
  for (const key of KNOWN) {
    const value = get(key);
    if (value !== undefined && value.length > MAX_TEXT * 4)
      return `${key} is longer than ${MAX_TEXT * 4} characters`;
  }

  const id = get('id');
  if (id !== undefined && !UUID.test(id)) return 'id must be a component id (a uuid)';
  const agentId = get('agent_id');
  if (agentId !== undefined && !UUID.test(agentId)) return 'agent_id must be an agent id (a uuid)';

  const depthText = get('depth');
  let depth = DEFAULT_DEPTH;
  if (depthText !== undefined) {
    if (!/^\d{1,3}$/.test(depthText)) return 'depth must be a whole number';
    depth = Number(depthText);
    if (depth < 1 || depth > MAX_DEPTH) return `depth must be between 1 and ${MAX_DEPTH}`;
  }

  const status = selector(get('status'), 'status');
  if (typeof status === 'string') return status;
  const type = selector(get('type'), 'type');
  if (typeof type === 'string') return type;

  let labels: Record<string, string> | undefined;
  const labelsText = get('labels');
  if (labelsText !== undefined) {
    labels = {};
    for (const pair of labelsText.split(',')) {
      const at = pair.indexOf('=');
      const key = at > 0 ? pair.slice(0, at).trim() : '';
      if (!key) return 'labels must be key=value pairs separated by commas';
      labels[key] = pair.slice(at + 1).trim();
    }
  }

  const owner = get('owner');
  const team = get('team');
  if ((owner?.length ?? 0) > MAX_TEXT || (team?.length ?? 0) > MAX_TEXT)
    return `owner and team are at most ${MAX_TEXT} characters`;

  const flatten = flag(get('flatten'), 'flatten');
  if (typeof flatten === 'string') return flatten;
  const hidePassing = flag(get('hidePassing'), 'hidePassing');
  if (typeof hidePassing === 'string') return hidePassing;
  const hiddenText = get('hidden');
  const hidden = hiddenText === undefined ? undefined : flag(hiddenText, 'hidden');
  if (typeof hidden === 'string') return hidden;

  let sortBy: SortBy | undefined;
  const sortText = get('sortBy');
  if (sortText !== undefined) {
    if (sortText === 'name' || sortText === 'status' || sortText === 'type')
      sortBy = { kind: sortText };
    else if (sortText.startsWith('field:') && sortText.length > 'field:'.length)
      sortBy = { kind: 'field', property: sortText.slice('field:'.length) };
    else return 'sortBy must be name, status, type or field:<property name>';
  }
  const orderText = get('sortOrder') ?? 'asc';
  if (orderText !== 'asc' && orderText !== 'desc') return 'sortOrder must be asc or desc';

  return {
    ...(id === undefined ? {} : { id }),
    depth,
    status,
    type,
    ...(labels ? { labels } : {}),
    ...(owner === undefined ? {} : { owner }),
    ...(team === undefined ? {} : { team }),
    ...(agentId === undefined ? {} : { agentId }),
    ...(hidden === undefined ? {} : { hidden }),
    ...(sortBy ? { sortBy } : {}),
    sortOrder: orderText,
    flatten,
    hidePassing,
  };
}

function selector(text: string | undefined, name: string): ValueSelector | string {
  const result: ValueSelector = { include: [], exclude: [] };
  if (text === undefined) return result;
  for (const raw of text.split(',')) {
    const item = raw.trim();
    const negated = item.startsWith('!');
    const value = negated ? item.slice(1).trim() : item;
    if (!value) return `${name} must be a comma list of values, each optionally preceded by !`;
    if (value === '*') continue;
    (negated ? result.exclude : result.include).push(value);
  }
  return result;
}

function flag(text: string | undefined, name: string): boolean | string {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  return `${name} must be true or false`;
}

/** Whether a value passes a selector. */
export function selects(selector: ValueSelector, value: string | null | undefined): boolean {
  const text = value ?? '';
  if (selector.exclude.includes(text)) return false;
  return selector.include.length === 0 || selector.include.includes(text);
}
