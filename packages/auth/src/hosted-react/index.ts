export {
  HostedAuthProvider,
  HostedOrganizationSwitcher,
  HostedUserButton,
  HostedSignInPage,
  type HostedAuthProviderProps,
} from './HostedAuthProvider.tsx';
export { useHostedSession, useHostedApiClientOptions } from './HostedSession.tsx';
export { HostedGate } from './HostedGate.tsx';
export { OrganizationsSwitchedPage } from './OrganizationsSwitchedPage.tsx';
