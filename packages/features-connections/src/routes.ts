import { createExternalRouteRef, createRouteRef } from '@opsdeck/extensions';

/** The routes this package offers (`id` is a connection's id or 'new'). */
export const connectionsRoutes = {
  connections: createRouteRef('settings.connections.list'),
  connectionEditor: createRouteRef<{ id: string }>('settings.connections.editor'),
  integrations: createRouteRef('settings.integrations.list'),
  integration: createRouteRef<{ type: string; id: string }>('settings.integrations.detail'),
};

/**
 * Links to pages this package does not own, bound by the app: the settings editors an integration
 * row and the Add Integration wizard's 'Add Directly' tiles open (`id` is a record's id or 'new').
 * Left unbound, those rows and tiles draw no link.
 */
export const connectionsExternalRoutes = {
  scraperEditor: createExternalRouteRef<{ id: string }>('settings.integrations.scraperEditor'),
  topologyEditor: createExternalRouteRef<{ id: string }>('settings.integrations.topologyEditor'),
  logBackendEditor: createExternalRouteRef<{ id: string }>(
    'settings.integrations.logBackendEditor',
  ),
  /** The logs page: bound and open to the user only while the logs feature is on (settings §2). */
  logsPage: createExternalRouteRef('settings.integrations.logsPage'),
};
