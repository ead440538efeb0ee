import { loginPath } from '@opsdeck/auth';
import { createIdentityCheck } from '@opsdeck/auth/hosted';
import { createConsole, type Console, type ConsoleOptions } from '../app/createConsole.ts';
import type { HostedProviderSettings } from './HostedRoot.tsx';
import { hostedConsoleRoutes } from './hostedRoutes.tsx';
import { hostedToastMessage } from './hostedToastMessage.ts';

export type HostedConsoleOptions = Omit<
  ConsoleOptions,
  'routes' | 'toastMessage' | 'kratosBasePath'
> &
  HostedProviderSettings;

/**
 * The console with the hosted organization provider (VITE_OPSDECK_AUTH=hosted). This module and
 * everything it imports (the hosted SDK) load only in that mode: main.tsx imports it dynamically.
 */
export function createHostedConsole({
  publishableKey,
  clerk,
  checkIdentity,
  retryMs,
  ...options
}: HostedConsoleOptions): Console {
  // The provider's default identity check asks `/api`; a console pointed elsewhere asks there too.
  const identityCheck =
    checkIdentity ??
    (options.apiBaseUrl ? createIdentityCheck({ baseUrl: options.apiBaseUrl }) : undefined);
  const settings: HostedProviderSettings = {
    publishableKey,
    clerk,
    checkIdentity: identityCheck,
    retryMs,
  };
  return createConsole({
    ...options,
    routes: (registry) => hostedConsoleRoutes(registry, settings),
    toastMessage: hostedToastMessage,
    // The hosted sign-in has no re-authentication of a live session: it shows its own sign-in.
    reauthenticatePath: (returnTo) => loginPath({ returnTo }),
  });
}
