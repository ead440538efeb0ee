// The console's first screen rendered by apps/server (issue 31's first visit): the page a signed-in
// browser would show once its data is in, as HTML the browser paints before any script has run,
// with the data and the router's state beside it for main.tsx to hydrate. Built by `vite build
// --ssr` into dist/.opsdeck/ssr (a dot directory the server never serves); apps/server's console
// handler imports it when it is there and sends the plain index.html whenever this answers nothing.

import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { ConsoleApp } from './app/ConsoleApp.tsx';
import { prepareConsole, type ConsoleRouter } from './app/createConsole.ts';
import { isSignInPage } from './app/returnTarget.ts';
import { consoleRoutes } from './app/routes.tsx';
import { consoleBindings, consoleFeatures } from './features/index.ts';
import { payloadElement, type ServerRenderPayload } from './ssr/payload.ts';
import { cookieValue, formatView, parseView, serverRenders, VIEW_COOKIE } from './ssr/view.ts';

export interface ConsolePageRequest {
  /** The page's absolute URL as the browser asked for it. */
  url: string;
  /** The request's Cookie header: the session, and the view the browser last reported. */
  cookie: string | undefined;
  /**
   * The server's own app: every API call of the render goes through it with the request's cookie,
   * so the render sees what the browser's calls would (same access checks, same replies).
   */
  fetch: (request: Request) => Promise<Response>;
  /** Give up (and let the browser render) past this many ms; default 150. */
  budgetMs?: number;
}

/** A rendered page: style tags for the head, the root's markup and the hydration payload's element. */
export interface ConsolePage {
  head: string;
  root: string;
  payload: string;
}

const DEFAULT_BUDGET_MS = 150;

/** Resolves once no query of `client` is fetching. */
function settled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/**
 * The page at `request.url`, or undefined when a server render would not show what the browser
 * would: a sign-in page, no view cookie or one the server cannot reproduce, no session or any
 * failed request (the browser then decides where to go), a redirect, or more time than the budget.
 * Called by apps/server's console handler (src/http/console.ts), which imports the built file.
 *
 * @public
 */
export async function renderConsolePage(
  request: ConsolePageRequest,
): Promise<ConsolePage | undefined> {
  const url = new URL(request.url);
  if (isSignInPage(url.pathname)) return undefined;
  const view = parseView(cookieValue(request.cookie, VIEW_COOKIE));
  if (!serverRenders(view)) return undefined;
  const cookie = request.cookie ?? '';
  const fetchInApp: typeof globalThis.fetch = (input, init) => {
    const call = new Request(input, init);
    call.headers.set('cookie', cookie);
    return request.fetch(call);
  };
  const prepared = prepareConsole({
    features: consoleFeatures,
    bindings: consoleBindings,
    routes: consoleRoutes,
    apiBaseUrl: `${url.origin}/api`,
    fetch: fetchInApp,
  });
  const { queryClient } = prepared;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), request.budgetMs ?? DEFAULT_BUDGET_MS);
  });
  try {
    const data = (async () => {
      const handler = createStaticHandler(prepared.routes);
      const context = await handler.query(new Request(url, { headers: { cookie } }));
      if (context instanceof Response || context.errors || context.statusCode !== 200)
        return undefined;
      await settled(queryClient);
      return { handler, context };
    })();
    const loaded = await Promise.race([data, budget]);
    if (!loaded) return undefined;
    // Every request answered: a failed one (no session, no access) is the browser's to handle.
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return undefined;
    const { handler, context } = loaded;
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = prepared.complete(() => router as unknown as ConsoleRouter);
    const sheet = new ServerStyleSheet();
    try {
      const root = renderToString(
        sheet.collectStyles(
          <StrictMode>
            <ConsoleApp
              console={app}
              renderedTheme={view.theme}
              routerElement={
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              }
            />
          </StrictMode>,
        ),
      );
      const payload: ServerRenderPayload = {
        view: formatView(view),
        queries: dehydrate(queryClient),
        router: {
          loaderData: context.loaderData,
          actionData: context.actionData,
          errors: null,
        },
      };
      return { head: sheet.getStyleTags(), root, payload: payloadElement(payload) };
    } finally {
      sheet.seal();
    }
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
}
