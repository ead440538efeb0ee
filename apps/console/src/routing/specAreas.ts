import type { SidebarEntry } from '../navigation/sidebarModel.ts';

/**
 * The areas of the spec's route table (§2) this build has no feature for, by first path segment,
 * with the name an operator knows. Incidents, Catalog, Logs and Playbooks left the list with their feature packages.
 */
const specAreas: ReadonlyArray<readonly [prefix: string, label: string]> = [
  ['view/topology', 'Topology'],
  ['topology', 'Dashboard'],
  ['health', 'Health'],
  ['notifications', 'Notifications'],
  ['settings', 'Settings'],
];

/** The spec area a path belongs to (e.g. `/playbooks/42` → Playbooks), or undefined for a stray path. */
export function specAreaOf(pathname: string): string | undefined {
  const path = pathname.replace(/^\/+/, '');
  return specAreas.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1];
}

/** The first page the sidebar offers this user: where `/` lands while the Dashboard does not exist. */
export function firstSidebarPath(entries: readonly SidebarEntry[]): string | undefined {
  for (const entry of entries) {
    if (entry.kind === 'link') return entry.path;
    if (entry.items[0]) return entry.items[0].path;
  }
  return undefined;
}
