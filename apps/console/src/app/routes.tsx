import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type * as AuthPagesModule from '../pages/authPages.tsx';
import type { FeatureRegistry } from '../features/defineFeature.ts';
import { BootLoader } from '../pages/BootLoader.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RootErrorPage, RouteErrorPage } from '../pages/RouteErrorPage.tsx';
import type { ConsoleRouteHandle } from '../routing/handle.ts';
import { HomeRedirect } from '../routing/HomeRedirect.tsx';
import { RouteGate } from '../routing/RouteGate.tsx';
import { SettingsFallback } from '../routing/SettingsFallback.tsx';
import { AuthStateChecker } from '../session/AuthStateChecker.tsx';
import { Shell } from '../shell/Shell.tsx';

type AuthPages = typeof AuthPagesModule;

const authPage = (pick: (pages: AuthPages) => ComponentType) => async () => ({
  Component: pick(await import('../pages/authPages.tsx')),
});

/**
 * The pages inside the shell: the home redirect, the feature routes from the registry (each behind
 * its access check), the settings fallback and not-found. Both identity providers share them.
 */
export function shellPageRoutes(registry: FeatureRegistry): RouteObject[] {
  const featureRoutes: RouteObject[] = registry.routes.map(({ feature, route }) => {
    const handle: ConsoleRouteHandle = { title: route.title, ownHeader: route.ownHeader, refreshable: route.refreshable, headerActions: route.headerActions };
    return {
      path: route.path,
      handle,
      errorElement: <RouteErrorPage />,
      lazy: async () => {
        const { Component } = await route.load();
        return {
          element: (
            <RouteGate feature={feature} route={route}>
              <Component />
            </RouteGate>
          ),
        };
      },
    };
  });
  return [
    { index: true, element: <HomeRedirect /> },
    { path: 'configs', element: <Navigate to="/catalog" replace /> },
    ...featureRoutes,
    { path: 'settings/*', element: <SettingsFallback />, handle: { title: 'Settings' } satisfies ConsoleRouteHandle },
    { path: '*', element: <NotFoundPage />, handle: { title: 'Not found' } satisfies ConsoleRouteHandle },
  ];
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
        { element: <Shell />, children: shellPageRoutes(registry) },
      ],
    },
  ];
}
