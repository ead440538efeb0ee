import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { Activity, Database, Settings } from '@opsdeck/ui';
import { describe, expect, it } from 'vitest';
import {
  sidebarOrder,
  type FeatureDefinition,
  type SidebarItemDefinition,
} from '@opsdeck/extensions';
import { buildSidebar, type SidebarEntry } from './sidebarModel.ts';

const page = async () => ({ Component: () => null });
const feature = (
  name: string,
  resource: FeatureDefinition['resource'],
  sidebar: SidebarItemDefinition,
): FeatureDefinition => ({
  name,
  resource,
  sidebar,
  routes: [{ path: sidebar.path.slice(1), title: sidebar.label, load: page }],
});

// Registered out of order on purpose: the sidebar follows the spec's order, not the array's.
const features: FeatureDefinition[] = [
  feature('playbooks', 'playbooks', {
    label: 'Playbooks',
    icon: Activity,
    path: '/playbooks',
    order: sidebarOrder.playbooks,
  }),
  feature('settings.users', 'identities', {
    label: 'Users',
    icon: Settings,
    path: '/settings/users',
    section: 'settings',
  }),
  feature('health', 'canaries', {
    label: 'Health',
    icon: Activity,
    path: '/health',
    order: sidebarOrder.health,
  }),
  feature('settings.connections', 'connections', {
    label: 'Connections',
    icon: Database,
    path: '/settings/connections',
    section: 'settings',
  }),
  feature('settings.feature_flags', 'feature_flags', {
    label: 'Feature Flags',
    icon: Settings,
    path: '/settings/feature-flags',
    section: 'settings',
  }),
  feature('incidents', 'incident', {
    label: 'Incidents',
    icon: Activity,
    path: '/incidents',
    order: sidebarOrder.incidents,
  }),
  // A feature with routes only (a detail page reached from elsewhere) has no sidebar item.
  {
    name: 'view',
    resource: 'topologies',
    routes: [{ path: 'view/topology/:id', title: 'Topology', load: page }],
  },
];

const allOn = createFeatureFlags([]);
const as = (...roles: string[]) => createAuthorizer({ roles });

/** The sidebar as the user reads it: labels, with the Settings submenu after a '>'. */
function labels(entries: SidebarEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link'
      ? [entry.label]
      : [`${entry.label} >`, ...entry.items.map((item) => `  ${item.label}`)],
  );
}

describe('buildSidebar', () => {
  it('gives an admin every item in the spec order and Settings sorted by name', () => {
    expect(labels(buildSidebar(features, allOn, as('admin')))).toEqual([
      'Health',
      'Incidents',
      'Playbooks',
      'Settings >',
      '  Connections',
      '  Feature Flags',
      '  Users',
    ]);
  });

  it('gives an editor Settings without what editors cannot read', () => {
    // Editors read everything (the matrix), so they keep Connections and Users too.
    const everything = [
      'Health',
      'Incidents',
      'Playbooks',
      'Settings >',
      '  Connections',
      '  Feature Flags',
      '  Users',
    ];
    expect(labels(buildSidebar(features, allOn, as('editor')))).toEqual(everything);
    // What a permission row keeps an editor from reading leaves the sidebar, in and out of Settings.
    const denied = createAuthorizer({
      roles: ['editor'],
      permissions: [
        { object: 'connections', action: 'read', deny: true },
        { object: 'playbooks', action: 'read', deny: true },
      ],
    });
    expect(labels(buildSidebar(features, allOn, denied))).toEqual([
      'Health',
      'Incidents',
      'Settings >',
      '  Feature Flags',
      '  Users',
    ]);
  });

  it('hides Settings from a viewer, and what the viewer cannot read', () => {
    expect(labels(buildSidebar(features, allOn, as('viewer')))).toEqual([
      'Health',
      'Incidents',
      'Playbooks',
    ]);
  });

  it('leaves out an item whose page needs more than read on its resource (Logs needs logs:read)', () => {
    const logs: FeatureDefinition = {
      name: 'logs',
      resource: 'logging_backends',
      sidebar: { label: 'Logs', icon: Database, path: '/logs', order: sidebarOrder.logs },
      routes: [{ path: 'logs', title: 'Logs', access: { capability: 'logs.read' }, load: page }],
    };
    const withLogs = [...features, logs];
    expect(labels(buildSidebar(withLogs, allOn, as('admin')))).toContain('Logs');
    for (const role of ['viewer', 'responder', 'editor'])
      expect(labels(buildSidebar(withLogs, allOn, as(role))), role).not.toContain('Logs');
    // A permission row granting logs:read brings it back.
    const granted = createAuthorizer({
      roles: ['viewer'],
      permissions: [{ object: 'logs', action: 'read' }],
    });
    expect(labels(buildSidebar(withLogs, allOn, granted))).toContain('Logs');
  });

  it('keeps Settings for someone who is viewer and admin (roles add up)', () => {
    expect(labels(buildSidebar(features, allOn, as('viewer', 'admin')))).toContain('Settings >');
  });

  it('hides Connections and Users from a responder, who cannot read them, but keeps Feature Flags', () => {
    expect(labels(buildSidebar(features, allOn, as('responder')))).toEqual([
      'Health',
      'Incidents',
      'Playbooks',
      'Settings >',
      '  Feature Flags',
    ]);
  });

  it('drops an item whose feature is disabled, and a whole group through its parent flag', () => {
    const flags = createFeatureFlags([
      { name: 'incidents.disable', value: 'true' },
      { name: 'playbooks.disable', value: 'false' },
    ]);
    expect(labels(buildSidebar(features, flags, as('admin')))).not.toContain('Incidents');
    expect(labels(buildSidebar(features, flags, as('admin')))).toContain('Playbooks');
    const noSettings = createFeatureFlags([{ name: 'settings.disable', value: 'true' }]);
    expect(labels(buildSidebar(features, noSettings, as('admin')))).toEqual([
      'Health',
      'Incidents',
      'Playbooks',
    ]);
  });

  it('shows nothing to a user without roles, and no Settings group when it would be empty', () => {
    expect(buildSidebar(features, allOn, as())).toEqual([]);
    expect(labels(buildSidebar(features.slice(0, 1), allOn, as('admin')))).toEqual(['Playbooks']);
  });

  it('lets a permission row deny what a role grants, except to an admin', () => {
    const row = { object: 'canaries', action: 'read', deny: true };
    const denied = createAuthorizer({ roles: ['viewer'], permissions: [row] });
    expect(labels(buildSidebar(features, allOn, denied))).not.toContain('Health');
    // As on the server (@opsdeck/rbac): no row locks an admin out.
    expect(
      labels(
        buildSidebar(features, allOn, createAuthorizer({ roles: ['admin'], permissions: [row] })),
      ),
    ).toContain('Health');
  });
});
