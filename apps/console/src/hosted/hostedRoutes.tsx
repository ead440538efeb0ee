import { authPaths } from '@opsdeck/auth';
import type { FeatureRegistry } from '@opsdeck/extensions';
import type { RouteObject } from 'react-router';
import { shellPageRoutes, standalonePageRoutes } from '../app/routes.tsx';
import { BootLoader } from '../pages/BootLoader.tsx';
import { RootErrorPage } from '../pages/RouteErrorPage.tsx';
import { AuthStateChecker } from '../session/AuthStateChecker.tsx';
import {
  HostedLoginPage,
  HostedOrganizationsPage,
  HostedShell,
  HostedSwitchedPage,
} from './hostedPages.tsx';
import { HostedRoot, type HostedProviderSettings } from './HostedRoot.tsx';

const relative = (path: string) => path.replace(/^\//, '');

/**
 * The route table of spec §2 with the hosted provider: the same shell pages, the hosted sign-in and
 * organization pages, and no Kratos pages (/registration, /recovery, /verification and
 * /profile-settings are the hosted service's business; those addresses fall through to not-found).
 */
export function hostedConsoleRoutes(
  registry: FeatureRegistry,
  settings: HostedProviderSettings,
): RouteObject[] {
  return [
    {
      element: <HostedRoot {...settings} />,
      hydrateFallbackElement: <BootLoader />,
      errorElement: <RootErrorPage />,
      children: [
        // The hosted sign-in routes its own steps (factor-one, sso-callback ...) under /login.
        { path: `${relative(authPaths.login)}/*`, element: <HostedLoginPage /> },
        { path: relative(authPaths.organizationsSwitched), element: <HostedSwitchedPage /> },
        { path: relative(authPaths.organizations), element: <HostedOrganizationsPage /> },
        { path: relative(authPaths.authStateChecker), element: <AuthStateChecker /> },
        ...standalonePageRoutes(registry),
        { element: <HostedShell />, children: shellPageRoutes(registry) },
      ],
    },
  ];
}
