export { HostedAuthProvider, HostedOrganizationSwitcher, HostedUserButton, HostedSignInPage, type HostedAuthProviderProps, type HostedOrganizationSwitcherProps, type HostedUserButtonProps } from './HostedAuthProvider.tsx';
export {
  HostedSessionRoot,
  useHostedSession,
  useHostedApiClientOptions,
  provisioningRetryMs,
  type HostedSession,
  type HostedSessionState,
  type HostedSessionRootProps,
} from './HostedSession.tsx';
export { HostedGate, type HostedGateProps } from './HostedGate.tsx';
export { HostedOrganizationList } from './HostedOrganizationList.tsx';
export { OrganizationsSwitchedPage, type OrganizationsSwitchedPageProps } from './OrganizationsSwitchedPage.tsx';
export { useHostedErrorToast } from './useHostedErrorToast.ts';
