import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { ConsoleApp } from './app/ConsoleApp.tsx';
import { authModeFrom } from './app/authMode.ts';
import { createConsole, prepareConsole, type Console } from './app/createConsole.ts';
import { consoleRoutes } from './app/routes.tsx';
import { consoleBindings, consoleFeatures } from './features/index.ts';
import { browserView, reportView } from './ssr/browserView.ts';
import { readPayload, type ServerRenderPayload } from './ssr/payload.ts';
import { formatView } from './ssr/view.ts';

const rootElement = document.getElementById('root')!;
const render = (app: Console) =>
  createRoot(rootElement).render(
    <StrictMode>
      <ConsoleApp console={app} />
    </StrictMode>,
  );

/**
 * The lazy routes the page matches, loaded and set on the route objects: a router made with them
 * still lazy would first render its fallback, which is not what the server drew.
 */
async function resolveMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/** The server's first screen taken over: its data in the cache, its router state, the same markup. */
async function hydrateServerRender(payload: ServerRenderPayload, theme: 'light' | 'dark') {
  const prepared = prepareConsole({
    features: consoleFeatures,
    bindings: consoleBindings,
    routes: consoleRoutes,
  });
  hydrate(prepared.queryClient, payload.queries);
  await resolveMatchedRoutes(prepared.routes);
  const app = prepared.complete((routes) =>
    createBrowserRouter(routes, { hydrationData: payload.router }),
  );
  hydrateRoot(
    rootElement,
    <StrictMode>
      <ConsoleApp console={app} renderedTheme={theme} />
    </StrictMode>,
  );
}

const auth = authModeFrom(import.meta.env);
// The literal comparison lets a Kratos build drop the hosted branch, and the hosted SDK with it.
if (import.meta.env.VITE_OPSDECK_AUTH === 'hosted' && auth.mode === 'hosted') {
  void import('./hosted/createHostedConsole.ts').then(({ createHostedConsole }) =>
    render(
      createHostedConsole({
        features: consoleFeatures,
        bindings: consoleBindings,
        publishableKey: auth.publishableKey,
      }),
    ),
  );
} else {
  const view = browserView();
  // The server renders the next page for the view this browser reports; a change made meanwhile
  // (the theme, the sidebar) is reported as the page goes.
  reportView(view);
  addEventListener('pagehide', () => reportView());
  const payload = readPayload(document);
  const renderFromScratch = () => {
    rootElement.replaceChildren();
    render(
      createConsole({
        features: consoleFeatures,
        bindings: consoleBindings,
        routes: consoleRoutes,
      }),
    );
  };
  if (payload && rootElement.firstElementChild && payload.view === formatView(view)) {
    // A page chunk that fails to load leaves nothing hydrated: the console then starts afresh.
    hydrateServerRender(payload, view.theme).catch(renderFromScratch);
  } else {
    // No render, or one for another view (the theme or the sidebar changed since the cookie).
    renderFromScratch();
  }
}
