import type { TopologyComponent } from '@opsdeck/api-client/topology';
import { splitLabel, type SortOrder, type TopologyFilters } from './filters.ts';
import { propertySortValue } from './properties.ts';
import { statusRank } from './status.ts';
import type { TopologySortBy } from '@opsdeck/api-client/topology';

/** The name a card shows: the component's display `text`, else its name. */
export const componentTitle = (component: Pick<TopologyComponent, 'name' | 'text'>) =>
  component.text || component.name;

/** The console path of a component's page (this feature's own route). */
export const componentPath = (id: string) => `/topology/${encodeURIComponent(id)}`;

function matchesTriState(
  selection: TopologyFilters['status'],
  matches: (value: string) => boolean,
): boolean {
  const entries = Object.entries(selection);
  if (entries.some(([value, state]) => state === -1 && matches(value))) return false;
  const included = entries.filter(([, state]) => state === 1);
  return included.length === 0 || included.some(([value]) => matches(value));
}

function hasLabel(component: TopologyComponent, label: string): boolean {
  const [key, value] = splitLabel(label);
  return component.labels?.[key] === value;
}

type Comparable = string | number | undefined;

function sortKey(component: TopologyComponent, sortBy: TopologySortBy): Comparable {
  if (sortBy === 'name') return componentTitle(component).toLowerCase();
  if (sortBy === 'type') return component.type?.toLowerCase() || undefined;
  if (sortBy === 'status') return statusRank(component.status);
  return propertySortValue(component.properties, sortBy.slice('field:'.length));
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/**
 * Components in the chosen order; missing keys (no such property, no type) go last either way, as
 * the backend's `field:` sort does. Status `desc` is worst first (the reference default), so the
 * rank, lower for worse, is compared reversed. Ties keep name order.
 */
export function sortComponents(
  components: readonly TopologyComponent[],
  sortBy: TopologySortBy,
  sortOrder: SortOrder,
): TopologyComponent[] {
  const descending = sortBy === 'status' ? sortOrder === 'asc' : sortOrder === 'desc';
  const keyed = components.map((component) => ({ component, key: sortKey(component, sortBy) }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) {
      if (a.key === b.key) return compare(componentTitle(a.component), componentTitle(b.component));
      return a.key === undefined ? 1 : -1;
    }
    const order = compare(a.key, b.key);
    if (order !== 0) return descending ? -order : order;
    return compare(componentTitle(a.component), componentTitle(b.component));
  });
  return keyed.map(({ component }) => component);
}

/** Whether `search` is part of the component's name (or its text when it has none), any case. */
function matchesName(component: TopologyComponent, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return true;
  return (component.name || component.text || '').toLowerCase().includes(wanted);
}

/**
 * The cards of a reply (reference §4 "What the UI shows"): with a page id, the children of the one
 * returned component, else the roots; items without a name, and the page's own component, dropped.
 * The filters are applied again here, because Mission Control ignores some of them (`team`,
 * `hidePassing`, label exclusions, `sortBy=status`): the page looks the same on any backend.
 */
export function visibleComponents(
  components: readonly TopologyComponent[],
  filters: TopologyFilters,
  pageId?: string,
): TopologyComponent[] {
  const list = pageId ? (components[0]?.components ?? []) : components;
  const shown = list.filter(
    (component) =>
      Boolean(component.name || component.text) &&
      component.id !== pageId &&
      matchesTriState(filters.status, (status) => component.status === status) &&
      matchesTriState(filters.type, (type) => component.type === type) &&
      matchesTriState(filters.labels, (label) => hasLabel(component, label)) &&
      (!filters.owner || component.owner === filters.owner) &&
      (!filters.team || component.team_names.includes(filters.team)) &&
      !(filters.hidePassing && component.status === 'healthy') &&
      matchesName(component, filters.search),
  );
  return sortComponents(shown, filters.sortBy, filters.sortOrder);
}

/** Sort choices: name, status, type, and each numeric or text property the cards carry. */
export function sortChoices(components: readonly TopologyComponent[]): TopologySortBy[] {
  const fields = new Set<string>();
  for (const component of components) {
    for (const property of component.properties) {
      if (property.name && !property.hidden) fields.add(property.name);
    }
  }
  return ['name', 'status', 'type', ...[...fields].sort().map((name) => `field:${name}` as const)];
}

/** A card's child rows: worst first (unhealthy, warning, healthy), then by name. */
export function childRows(component: TopologyComponent): TopologyComponent[] {
  return sortComponents(
    component.components.filter((child) => child.name),
    'status',
    'desc',
  );
}

/**
 * The ids above a component, root first: its `path` (ancestor ids joined by dots), else its parent.
 * The component's own id is never among them.
 */
export function ancestorIds(
  component: Pick<TopologyComponent, 'id' | 'path' | 'parent_id' | 'parents'>,
): string[] {
  const fromPath = (component.path ?? '').split('.').filter(Boolean);
  const ids = fromPath.length > 0 ? fromPath : [component.parent_id ?? component.parents[0] ?? ''];
  return ids.filter((id) => id && id !== component.id);
}
