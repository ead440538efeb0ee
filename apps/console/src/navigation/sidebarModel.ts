import { decideRouteAccess, type FeatureDefinition, type SidebarIcon } from '@opsdeck/extensions';
import type { Authorizer, FeatureFlags } from '@opsdeck/rbac';

export interface SidebarLink {
  kind: 'link';
  /** The feature's name. */
  name: string;
  label: string;
  icon: SidebarIcon;
  path: string;
}

export interface SidebarGroup {
  kind: 'group';
  label: string;
  items: SidebarLink[];
}

export type SidebarEntry = SidebarLink | SidebarGroup;

export const SETTINGS_LABEL = 'Settings';

/** Spec §2/§6: Settings is hidden for viewers; roles add up, so a viewer who is also admin keeps it. */
export function settingsHiddenFor(authorizer: Authorizer): boolean {
  return authorizer.isViewer && !authorizer.isAdmin;
}

/**
 * What the sidebar shows for this user (spec §2): main items in the spec's order, then the Settings
 * submenu sorted by name. An item is gone when its feature is disabled, the user cannot read its
 * resource or may not open the page it leads to; Settings is gone for viewers (unless they are admins too: roles add up) and when it is empty.
 */
export function buildSidebar(
  features: readonly FeatureDefinition[],
  flags: FeatureFlags,
  authorizer: Authorizer,
): SidebarEntry[] {
  // The item's page decides: the flag, read on the resource, and the access of the route the item
  // opens (/logs needs logs:read, which a viewer lacks: no item that leads to "Unauthorized").
  const visible = features.filter((feature) => {
    if (feature.sidebar === undefined) return false;
    const landing = feature.routes?.find((route) => `/${route.path}` === feature.sidebar!.path);
    return (
      decideRouteAccess(feature, landing && { route: landing }, flags, authorizer) === 'allowed'
    );
  });
  const toLink = (feature: FeatureDefinition): SidebarLink => {
    const { label, icon, path } = feature.sidebar!;
    return { kind: 'link', name: feature.name, label, icon, path };
  };
  const main = visible
    .filter((feature) => (feature.sidebar!.section ?? 'main') === 'main')
    .sort((a, b) => (a.sidebar!.order ?? 0) - (b.sidebar!.order ?? 0))
    .map(toLink);
  const entries: SidebarEntry[] = [...main];
  const settings = settingsHiddenFor(authorizer)
    ? []
    : visible
        .filter((feature) => feature.sidebar!.section === 'settings')
        .map(toLink)
        .sort((a, b) => a.label.localeCompare(b.label));
  if (settings.length > 0) entries.push({ kind: 'group', label: SETTINGS_LABEL, items: settings });
  return entries;
}
