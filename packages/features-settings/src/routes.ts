import { createRouteRef } from '@opsdeck/extensions';

/**
 * The routes this package offers: each kind's list, editor (`id` is a record's id) and new-record
 * editor (write on the kind's table, so a link to it shows only to those who may add one).
 */
export const settingsRoutes = {
  canaries: createRouteRef('settings.canaries.list'),
  canaryEditor: createRouteRef<{ id: string }>('settings.canaries.editor'),
  newCanary: createRouteRef('settings.canaries.new'),
  topologies: createRouteRef('settings.topologies.list'),
  topologyEditor: createRouteRef<{ id: string }>('settings.topologies.editor'),
  newTopology: createRouteRef('settings.topologies.new'),
  teams: createRouteRef('settings.teams.list'),
  teamEditor: createRouteRef<{ id: string }>('settings.teams.editor'),
  newTeam: createRouteRef('settings.teams.new'),
  incidentRules: createRouteRef('settings.incidentRules.list'),
  incidentRuleEditor: createRouteRef<{ id: string }>('settings.incidentRules.editor'),
  newIncidentRule: createRouteRef('settings.incidentRules.new'),
  logBackends: createRouteRef('settings.logBackends.list'),
  logBackendEditor: createRouteRef<{ id: string }>('settings.logBackends.editor'),
  newLogBackend: createRouteRef('settings.logBackends.new'),
  scrapers: createRouteRef('settings.scrapers.list'),
  scraperEditor: createRouteRef<{ id: string }>('settings.scrapers.editor'),
  newScraper: createRouteRef('settings.scrapers.new'),
};
