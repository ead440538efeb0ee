import { createRouteRef } from '@opsdeck/extensions';

/** The routes this package offers (`id` is a connection's id or 'new'). */
export const connectionsRoutes = {
  connections: createRouteRef('settings.connections.list'),
  connectionEditor: createRouteRef<{ id: string }>('settings.connections.editor'),
};
