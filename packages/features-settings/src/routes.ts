import { createRouteRef } from '@opsdeck/extensions';

/** The routes this package offers: each kind's list and editor (`id` is a record's id or 'new'). */
export const settingsRoutes = {
  canaries: createRouteRef('settings.canaries.list'),
  canaryEditor: createRouteRef<{ id: string }>('settings.canaries.editor'),
  topologies: createRouteRef('settings.topologies.list'),
  topologyEditor: createRouteRef<{ id: string }>('settings.topologies.editor'),
  teams: createRouteRef('settings.teams.list'),
  teamEditor: createRouteRef<{ id: string }>('settings.teams.editor'),
  incidentRules: createRouteRef('settings.incidentRules.list'),
  incidentRuleEditor: createRouteRef<{ id: string }>('settings.incidentRules.editor'),
  logBackends: createRouteRef('settings.logBackends.list'),
  logBackendEditor: createRouteRef<{ id: string }>('settings.logBackends.editor'),
  scrapers: createRouteRef('settings.scrapers.list'),
  scraperEditor: createRouteRef<{ id: string }>('settings.scrapers.editor'),
};
