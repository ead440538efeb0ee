import type { FeatureRegistry, RegisteredRoute } from '@opsdeck/extensions';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type * as AuthPagesModule from '../pages/authPages.tsx';
import { BootLoader } from '../pages/BootLoader.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RootErrorPage, RouteErrorPage } from '../pages/RouteErrorPage.tsx';
import type { ConsoleRouteHandle } from '../routing/handle.ts';
import { HomeRedirect } from '../routing/HomeRedirect.tsx';
import { RouteGate } from '../routing/RouteGate.tsx';
import { StandaloneGate } from '../routing/StandaloneGate.tsx';
import { SettingsFallback } from '../routing/SettingsFallback.tsx';
import { AuthStateChecker } from '../session/AuthStateChecker.tsx';
import { Shell } from '../shell/Shell.tsx';

type AuthPages = typeof AuthPagesModule;

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
    .map((child) => featureRouteObject(registry, child, Gate));
  const lazy = async () => {
    const { Component } = await route.load();
    return {
      element: (
        <Gate route={registered}>
          <Component />
        </Gate>
      ),
    };
  };
  // An index sub-page ('') is its parent's default content.
  if (route.path === '') return { index: true, handle, errorElement: <RouteErrorPage />, lazy };
  return { path: route.path, handle, errorElement: <RouteErrorPage />, lazy, children };
}

const topLevel = (registry: FeatureRegistry, standalone: boolean) =>
  registry.routes.filter(
    ({ parents, route }) => parents.length === 0 && Boolean(route.standalone) === standalone,
  );

/**
 * The pages inside the shell: the home redirect, the feature routes from the registry (each behind
 * its access check), the settings fallback and not-found. Both identity providers share them.
 */
export function shellPageRoutes(registry: FeatureRegistry): RouteObject[] {
  return [
    { index: true, element: <HomeRedirect /> },
    { path: 'configs', element: <Navigate to="/catalog" replace /> },
    ...topLevel(registry, false).map((route) => featureRouteObject(registry, route, RouteGate)),
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
export function standalonePageRoutes(registry: FeatureRegistry): RouteObject[] {
  return topLevel(registry, true).map((route) =>
    featureRouteObject(registry, route, StandaloneGate),
  );
}

/**
 * The route table of spec §2 with Kratos sign-in. Sign-in pages stand alone; everything else sits in
 * the shell, which renders its pages only once whoami and the feature flags are in.
 */
export function consoleRoutes(registry: FeatureRegistry): RouteObject[] {
  return [
    {
      hydrateFallbackElement: <BootLoader />,
      errorElement: <RootErrorPage />,
      children: [
        { path: 'login', lazy: authPage((pages) => pages.LoginPage) },
        { path: 'registration', lazy: authPage((pages) => pages.RegistrationPage) },
        { path: 'recovery', lazy: authPage((pages) => pages.RecoveryPage) },
        { path: 'verification', lazy: authPage((pages) => pages.VerificationPage) },
        { path: 'profile-settings', lazy: authPage((pages) => pages.ProfileSettingsPage) },
        { path: 'error', lazy: authPage((pages) => pages.FlowErrorPage) },
        { path: 'auth-state-checker', element: <AuthStateChecker /> },
        ...standalonePageRoutes(registry),
        { element: <Shell />, children: shellPageRoutes(registry) },
      ],
    },
  ];
}
