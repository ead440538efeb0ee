import type { TopologyQuery, TopologySortBy } from '@opsdeck/api-client/topology';
import { decodeTriState, encodeTriState, type TriStateSelection } from '@opsdeck/ui';

export type SortOrder = 'asc' | 'desc';
export type CardSize = 'small' | 'medium' | 'large';

/** Every choice on the topology pages; all of it lives in the URL so a link reproduces the view. */
export interface TopologyFilters {
  /** Component status (the Health filter): include or exclude each. */
  status: TriStateSelection;
  type: TriStateSelection;
  /** `key=value` labels, tri-state. */
  labels: TriStateSelection;
  /** '' is every team. */
  team: string;
  /** Exact owner; '' is any. */
  owner: string;
  sortBy: TopologySortBy;
  sortOrder: SortOrder;
  hidePassing: boolean;
  size: CardSize;
  /** Part of a component's name (any case); '' shows every one. */
  search: string;
}

/** The reference UI's defaults: worst status first. */
export const defaultTopologyFilters: TopologyFilters = {
  status: {},
  type: {},
  labels: {},
  team: '',
  owner: '',
  sortBy: 'status',
  sortOrder: 'desc',
  hidePassing: false,
  size: 'medium',
  search: '',
};

/** The URL parameter of each field. */
export const topologyParams = {
  status: 'status',
  type: 'type',
  labels: 'labels',
  team: 'team',
  owner: 'owner',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  hidePassing: 'hidePassing',
  size: 'size',
  search: 'search',
} as const satisfies Record<keyof TopologyFilters, string>;

const triStateKeys = ['status', 'type', 'labels'] as const;

function isSortBy(value: string): value is TopologySortBy {
  return ['name', 'status', 'type'].includes(value) || /^field:.+/.test(value);
}

function isCardSize(value: string): value is CardSize {
  return value === 'small' || value === 'medium' || value === 'large';
}

/** Reads the view from the URL; an unknown value falls back to its default instead of breaking the page. */
export function parseTopologyFilters(params: URLSearchParams): TopologyFilters {
  const d = defaultTopologyFilters;
  const get = (key: keyof TopologyFilters) => params.get(topologyParams[key]);
  const sortBy = get('sortBy');
  const sortOrder = get('sortOrder');
  const size = get('size');
  return {
    status: decodeTriState(get('status')),
    type: decodeTriState(get('type')),
    labels: decodeTriState(get('labels')),
    team: get('team') ?? d.team,
    owner: get('owner') ?? d.owner,
    sortBy: sortBy && isSortBy(sortBy) ? sortBy : d.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : d.sortOrder,
    hidePassing: get('hidePassing') === 'true',
    size: size && isCardSize(size) ? size : d.size,
    search: get('search') ?? d.search,
  };
}

/**
 * A copy of `params` with `patch` applied: defaults are removed so links stay short, and other
 * parameters (the console's own) are kept.
 */
export function applyTopologyFilters(
  params: URLSearchParams,
  patch: Partial<TopologyFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(patch) as Array<keyof TopologyFilters>) {
    const value = patch[key];
    if (value === undefined) continue;
    const name = topologyParams[key];
    const text = (triStateKeys as readonly string[]).includes(key)
      ? encodeTriState(value as TriStateSelection)
      : value === defaultTopologyFilters[key]
        ? ''
        : String(value);
    if (text === '') next.delete(name);
    else next.set(name, text);
  }
  return next;
}

/** Included values as given, excluded ones as `!value`: the endpoint's list syntax. */
function toWireList(selection: TriStateSelection): string[] | undefined {
  const list = Object.entries(selection).map(([value, state]) =>
    state === 1 ? value : `!${value}`,
  );
  return list.length > 0 ? list : undefined;
}

/** Splits `key=value`; a value without `=` is a key with an empty value. */
export function splitLabel(label: string): [string, string] {
  const at = label.indexOf('=');
  return at < 0 ? [label, ''] : [label.slice(0, at), label.slice(at + 1)];
}

/**
 * The request the index makes for these filters (reference §4). Included labels go to the server
 * (it matches by containment; exclusions are applied to the reply, see `visibleComponents`), and a
 * chosen type flattens the tree, as the reference UI does.
 */
export function toTopologyQuery(filters: TopologyFilters, depth: number): TopologyQuery {
  const query: TopologyQuery = { depth };
  const status = toWireList(filters.status);
  const type = toWireList(filters.type);
  const included = Object.entries(filters.labels).filter(([, state]) => state === 1);
  if (status) query.status = status;
  if (type) query.type = type;
  if (included.length > 0)
    query.labels = Object.fromEntries(included.map(([label]) => splitLabel(label)));
  if (filters.owner) query.owner = filters.owner;
  if (filters.team) query.team = filters.team;
  query.sortBy = filters.sortBy;
  query.sortOrder = filters.sortOrder;
  if (Object.values(filters.type).includes(1)) query.flatten = true;
  if (filters.hidePassing) query.hidePassing = true;
  return query;
}

/** The Labels filter's options from the reply's `tags`: `key=value`, sorted. */
export function labelOptions(tags: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(tags)
    .flatMap(([key, values]) => values.map((value) => `${key}=${value}`))
    .sort((a, b) => a.localeCompare(b));
}

/** The filters that narrow the cards (not sort, size or the hide-passing default): the folded bar's count. */
export function activeTopologyFilterCount(filters: TopologyFilters): number {
  const narrowing = [
    Object.keys(filters.status).length > 0,
    Object.keys(filters.type).length > 0,
    Object.keys(filters.labels).length > 0,
    filters.team !== '',
    filters.owner !== '',
    filters.hidePassing !== defaultTopologyFilters.hidePassing,
  ];
  return narrowing.filter(Boolean).length;
}
