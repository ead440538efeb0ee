import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';

/** The routes this package offers, one per administrator's page. */
export const adminRoutes = {
  jobs: createRouteRef('admin.jobs'),
  users: createRouteRef('admin.users'),
  permissions: createRouteRef('admin.permissions'),
  featureFlags: createRouteRef('admin.featureFlags'),
  agents: createRouteRef('admin.agents'),
  eventQueue: createRouteRef('admin.eventQueue'),
  audit: createRouteRef('admin.audit'),
};

/**
 * Where a job's resource links to (settings §2 "Job resource links by resource type"); the app
 * binds each one, and an unbound one shows the name without a link.
 */
export const adminExternalRoutes = {
  canaryEditor: createExternalRouteRef<{ id: string }>('admin.canaryEditor'),
  topologyEditor: createExternalRouteRef<{ id: string }>('admin.topologyEditor'),
  scraperPage: createExternalRouteRef<{ id: string }>('admin.scraperPage'),
  configPage: createExternalRouteRef<{ id: string }>('admin.configPage'),
  playbookPage: createExternalRouteRef<{ id: string }>('admin.playbookPage'),
  // Where an audited row opens (the audit trail's resource links).
  incidentPage: createExternalRouteRef<{ id: string }>('admin.incidentPage'),
  connectionEditor: createExternalRouteRef<{ id: string }>('admin.connectionEditor'),
  teamEditor: createExternalRouteRef<{ id: string }>('admin.teamEditor'),
  /** The notification rules page with one rule's editor open (`?edit={id}`). */
  notificationRules: createExternalRouteRef<NoParams, { edit?: string }>('admin.notificationRules'),
};
