import { bindRoute, createRouteRef, defineFeature } from '@opsdeck/extensions';
import { renderPages } from '@opsdeck/testing/react';
import { ConnectionEditPage } from '../ConnectionForm/ConnectionEditPage.tsx';
import { ConnectionListPage } from '../ConnectionList/ConnectionListPage.tsx';
import { connectionsFeature, integrationsFeature } from '../feature.ts';
import { IntegrationRedirect } from '../Integrations/IntegrationRedirect.tsx';
import { IntegrationsListPage } from '../Integrations/IntegrationsListPage.tsx';
import { connectionsExternalRoutes } from '../routes.ts';

// Stand-ins of the pages the external routes lead to (the settings editors, the logs page).
const editorRefs = {
  scraper: createRouteRef<{ id: string }>('test.scraperEditor'),
  topology: createRouteRef<{ id: string }>('test.topologyEditor'),
  logBackend: createRouteRef<{ id: string }>('test.logBackendEditor'),
  logs: createRouteRef('test.logs'),
};
const page = () => Promise.resolve({ Component: () => null });
const editorsFeature = defineFeature({
  name: 'test.editors',
  resource: 'integrations',
  routes: [
    { path: 'settings/config_scrapers/:id', ref: editorRefs.scraper, title: 'x', load: page },
    { path: 'settings/topologies/:id', ref: editorRefs.topology, title: 'x', load: page },
    { path: 'settings/log-backends/:id', ref: editorRefs.logBackend, title: 'x', load: page },
  ],
});
const logsFeature = defineFeature({
  name: 'logs',
  resource: 'logging_backends',
  routes: [{ path: 'logs', ref: editorRefs.logs, title: 'Logs', load: page }],
});

/** The connections and integrations pages in a data router at `url`. */
export function renderConnections(
  url: string,
  {
    baseUrl,
    role = 'admin',
    logs = true,
  }: { baseUrl: string; role?: string; /** Whether the logs feature is on. */ logs?: boolean },
) {
  return renderPages(url, {
    baseUrl,
    role,
    features: [connectionsFeature, integrationsFeature, editorsFeature, logsFeature],
    bindings: [
      bindRoute(connectionsExternalRoutes.scraperEditor, editorRefs.scraper),
      bindRoute(connectionsExternalRoutes.topologyEditor, editorRefs.topology),
      bindRoute(connectionsExternalRoutes.logBackendEditor, editorRefs.logBackend),
      bindRoute(connectionsExternalRoutes.logsPage, editorRefs.logs),
    ],
    flags: logs ? [] : [{ name: 'logs.disable', value: 'true' }],
    routes: [
      { path: '/settings/connections', element: <ConnectionListPage /> },
      { path: '/settings/connections/:id', element: <ConnectionEditPage /> },
      { path: '/settings/integrations', element: <IntegrationsListPage /> },
      { path: '/settings/integrations/:type/:id', element: <IntegrationRedirect /> },
      { path: '/settings/:table/:id', element: <p>Editor</p> },
    ],
  });
}
