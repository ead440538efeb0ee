import type { ApiClient } from '@opsdeck/api-client';
import { whoamiQuery } from '@opsdeck/api-client/auth';
import { propertiesQuery } from '@opsdeck/api-client/general';
import type { FeatureRegistry, RegisteredRoute, RoutePrefetchContext } from '@opsdeck/extensions';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import {
  Navigate,
  type LoaderFunction,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import type * as AuthPagesModule from '../pages/authPages.tsx';
import { PageLoadRetry } from '../connection/PageLoadRetry.tsx';
import { BootLoader } from '../pages/BootLoader.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RootErrorPage, RouteErrorPage } from '../pages/RouteErrorPage.tsx';
import type { ConsoleRouteHandle } from '../routing/handle.ts';
import { HomeRedirect } from '../routing/HomeRedirect.tsx';
import { RouteGate } from '../routing/RouteGate.tsx';
import { StandaloneGate } from '../routing/StandaloneGate.tsx';
import { SettingsFallback } from '../routing/SettingsFallback.tsx';
import { ConsoleUrlState } from '../routing/ConsoleUrlState.tsx';
import { AuthStateChecker } from '../session/AuthStateChecker.tsx';
import { Shell } from '../shell/Shell.tsx';
import { isSignInPage } from './returnTarget.ts';

type AuthPages = typeof AuthPagesModule;

/**
 * The clients the page requests go through, when the route table may start them itself: the Kratos
 * console's (same origin, cookie session). Hosted mode makes its client per token inside React, so
 * its routes prefetch nothing.
 */
export interface RouteServices {
  apiClient: ApiClient;
  queryClient: QueryClient;
}

const quietPrefetch =
  (queryClient: QueryClient): RoutePrefetchContext['prefetchQuery'] =>
  (options) =>
    void queryClient.prefetchQuery({ ...options, meta: { ...options.meta, toast: false } });

/**
 * The loaders here only start requests, so a change of the query alone (a keystroke in a search box,
 * a filter, a page of a table) runs none of them again: react-router would otherwise revalidate every
 * matched loader and pass the navigation through a 'loading' state, rendering the whole page twice
 * per keystroke (issue 40). The page's own queries follow the new query.
 */
const onPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

/**
 * A loader that only starts requests: the route's page chunk and its data load side by side, and
 * the navigation never waits for the data (the page's query finds it in flight).
 */
function prefetchLoader(
  route: RegisteredRoute['route'],
  services: RouteServices | undefined,
): LoaderFunction | undefined {
  const { prefetch } = route;
  if (!prefetch || !services) return undefined;
  const prefetchQuery = quietPrefetch(services.queryClient);
  return ({ params, request }) => {
    prefetch({
      params,
      search: new URL(request.url).searchParams,
      apiClient: services.apiClient,
      prefetchQuery,
    });
    return null;
  };
}

/**
 * Whoami and the feature flags, which the shell waits for, asked for as the first navigation starts
 * rather than once the page's chunk has loaded and the shell has rendered.
 */
function sessionPrefetchLoader(services: RouteServices | undefined): LoaderFunction | undefined {
  if (!services) return undefined;
  const prefetchQuery = quietPrefetch(services.queryClient);
  return ({ request }) => {
    if (!isSignInPage(new URL(request.url).pathname)) {
      prefetchQuery(whoamiQuery(services.apiClient));
      prefetchQuery(propertiesQuery(services.apiClient));
    }
    return null;
  };
}

const authPage = (pick: (pages: AuthPages) => ComponentType) => async () => ({
  Component: pick(await import('../pages/authPages.tsx')),
});

/**
 * One feature route as react-router's: its page loads lazily behind its access check (the gate
 * checks the flag, read on the feature and every `access` from the top route down), with its
 * sub-pages as children rendered in the page's outlet. `make` wraps the page (RouteGate in the
 * shell, StandaloneGate outside it).
 */
function featureRouteObject(
  registry: FeatureRegistry,
  registered: RegisteredRoute,
  Gate: typeof RouteGate,
  services: RouteServices | undefined,
): RouteObject {
  const { route } = registered;
  const handle: ConsoleRouteHandle = {
    title: route.title,
    ownHeader: route.ownHeader,
    refreshable: route.refreshable,
    headerActions: route.headerActions,
  };
  const children = registry.routes
    .filter((child) => child.parents.at(-1) === route)
    .map((child) => featureRouteObject(registry, child, Gate, services));
  // A chunk that fails to download (server down) must not stay failed: react-router keeps a
  // rejected lazy route until a reload, so the failure becomes a page that retries itself.
  const lazy = async () => {
    let page: ReactNode;
    try {
      const { Component } = await route.load();
      page = <Component />;
    } catch (error) {
      page = <PageLoadRetry load={route.load} error={error} />;
    }
    return { element: <Gate route={registered}>{page}</Gate> };
  };
  const loader = prefetchLoader(route, services);
  // An index sub-page ('') is its parent's default content.
  const shouldRevalidate = loader && onPathChange;
  if (route.path === '')
    return {
      index: true,
      handle,
      errorElement: <RouteErrorPage />,
      lazy,
      loader,
      shouldRevalidate,
    };
  return {
    path: route.path,
    handle,
    errorElement: <RouteErrorPage />,
    lazy,
    loader,
    shouldRevalidate,
    children,
  };
}

const topLevel = (registry: FeatureRegistry, standalone: boolean) =>
  registry.routes.filter(
    ({ parents, route }) => parents.length === 0 && Boolean(route.standalone) === standalone,
  );

/**
 * The pages inside the shell: the home redirect, the feature routes from the registry (each behind
 * its access check), the settings fallback and not-found. Both identity providers share them.
 */
export function shellPageRoutes(
  registry: FeatureRegistry,
  services?: RouteServices,
): RouteObject[] {
  return [
    { index: true, element: <HomeRedirect /> },
    { path: 'configs', element: <Navigate to="/catalog" replace /> },
    ...topLevel(registry, false).map((route) =>
      featureRouteObject(registry, route, RouteGate, services),
    ),
    {
      path: 'settings/*',
      element: <SettingsFallback />,
      handle: { title: 'Settings' } satisfies ConsoleRouteHandle,
    },
    {
      path: '*',
      element: <NotFoundPage />,
      handle: { title: 'Not found' } satisfies ConsoleRouteHandle,
    },
  ];
}

/** Feature pages drawn without the shell, before the flags load (console §2's /view/topology/{id}). */
export function standalonePageRoutes(
  registry: FeatureRegistry,
  services?: RouteServices,
): RouteObject[] {
  return topLevel(registry, true).map((route) =>
    featureRouteObject(registry, route, StandaloneGate, services),
  );
}

/**
 * The route table of spec §2 with Kratos sign-in. Sign-in pages stand alone; everything else sits in
 * the shell, which renders its pages only once whoami and the feature flags are in.
 */
export function consoleRoutes(registry: FeatureRegistry, services?: RouteServices): RouteObject[] {
  return [
    {
      element: <ConsoleUrlState />,
      loader: sessionPrefetchLoader(services),
      shouldRevalidate: onPathChange,
      hydrateFallbackElement: <BootLoader />,
      errorElement: <RootErrorPage />,
      children: [
        { path: 'login', lazy: authPage((pages) => pages.LoginPage) },
        { path: 'registration', lazy: authPage((pages) => pages.RegistrationPage) },
        { path: 'recovery', lazy: authPage((pages) => pages.RecoveryPage) },
        { path: 'verification', lazy: authPage((pages) => pages.VerificationPage) },
        { path: 'error', lazy: authPage((pages) => pages.FlowErrorPage) },
        { path: 'auth-state-checker', element: <AuthStateChecker /> },
        ...standalonePageRoutes(registry, services),
        {
          element: <Shell />,
          children: [
            // The profile is a page of the signed-in console, in its shell (issue 29).
            {
              path: 'profile-settings',
              lazy: authPage((pages) => pages.ProfileSettingsInShell),
              handle: { title: 'Your Profile' } satisfies ConsoleRouteHandle,
            },
            ...shellPageRoutes(registry, services),
          ],
        },
      ],
    },
  ];
}
