import {
  defineFeature,
  type FeatureDefinition,
  type RouteRef,
  type SidebarIcon,
} from '@opsdeck/extensions';
import { Activity, Bell, Database, Search, Server, UserRound } from '@opsdeck/ui';
import { NEW_RESOURCE_ID, settingsKindRoutes, type SettingsKindRoute } from './model/kindRoutes.ts';
import { settingsRoutes } from './routes.ts';

const refs: Record<
  SettingsKindRoute['table'],
  { list: RouteRef; editor: RouteRef<{ id: string }>; create: RouteRef }
> = {
  canaries: {
    list: settingsRoutes.canaries,
    editor: settingsRoutes.canaryEditor,
    create: settingsRoutes.newCanary,
  },
  topologies: {
    list: settingsRoutes.topologies,
    editor: settingsRoutes.topologyEditor,
    create: settingsRoutes.newTopology,
  },
  teams: {
    list: settingsRoutes.teams,
    editor: settingsRoutes.teamEditor,
    create: settingsRoutes.newTeam,
  },
  incident_rules: {
    list: settingsRoutes.incidentRules,
    editor: settingsRoutes.incidentRuleEditor,
    create: settingsRoutes.newIncidentRule,
  },
  logging_backends: {
    list: settingsRoutes.logBackends,
    editor: settingsRoutes.logBackendEditor,
    create: settingsRoutes.newLogBackend,
  },
  config_scrapers: {
    list: settingsRoutes.scrapers,
    editor: settingsRoutes.scraperEditor,
    create: settingsRoutes.newScraper,
  },
};

const icons: Record<SettingsKindRoute['table'], SidebarIcon> = {
  canaries: Activity,
  topologies: Server,
  teams: UserRound,
  incident_rules: Bell,
  logging_backends: Database,
  config_scrapers: Search,
};

/**
 * One feature per kind (console §2 /settings/{table}): its own flag and RBAC object, so the
 * sidebar's Settings submenu (sorted by label) and the routes are gated per kind. Console §2 gives
 * the pages "read/write on that table": read opens the list and a record (read-only, every field
 * disabled), write adds, saves and deletes; a role with neither gets Unauthorized. The server
 * refuses a reader's writes in any case.
 */
function settingsFeatureOf(kind: SettingsKindRoute): FeatureDefinition {
  const access = { resource: kind.resource, action: 'read' } as const;
  return defineFeature({
    name: kind.flag,
    resource: kind.resource,
    sidebar: {
      label: kind.label,
      icon: icons[kind.table],
      path: `/settings/${kind.segment}`,
      section: 'settings',
    },
    routes: [
      {
        path: `settings/${kind.segment}`,
        ref: refs[kind.table].list,
        title: kind.label,
        access,
        refreshable: true,
        load: () => import('./pages/listPage.tsx'),
      },
      {
        // A new record is a writer's (settings §6); the static segment wins over `:id`.
        path: `settings/${kind.segment}/${NEW_RESOURCE_ID}`,
        ref: refs[kind.table].create,
        title: `New ${kind.singular.toLowerCase()}`,
        access: { resource: kind.resource, action: 'write' },
        load: () => import('./pages/editPage.tsx'),
      },
      {
        path: `settings/${kind.segment}/:id`,
        ref: refs[kind.table].editor,
        title: kind.singular,
        access,
        load: () => import('./pages/editPage.tsx'),
      },
    ],
  });
}

/** The schema-resource editors, one feature per kind, for the app's feature list. */
export const settingsFeatures: readonly FeatureDefinition[] =
  settingsKindRoutes.map(settingsFeatureOf);
