import {
  HostedGate,
  HostedOrganizationSwitcher,
  HostedSignInPage,
  HostedUserButton,
  OrganizationsSwitchedPage,
} from '@opsdeck/auth/hosted/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate } from 'react-router';
import styled from 'styled-components';
import { Shell } from '../shell/Shell.tsx';
import { testIds } from '../testIds.ts';

const Centered = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.background};
`;

/** /login in hosted mode: the hosted service's sign-in, back to return_to afterwards. */
export function HostedLoginPage() {
  return (
    <Centered data-testid={testIds.hosted.login}>
      <HostedSignInPage />
    </Centered>
  );
}

/** /organizations/orgs-switched: the previous organization's cached data must not show in the next. */
export function HostedSwitchedPage() {
  const queryClient = useQueryClient();
  const dropCaches = useCallback(() => queryClient.clear(), [queryClient]);
  return <OrganizationsSwitchedPage onSwitched={dropCaches} />;
}

/** /organizations: the list when no organization is active (the gate shows it), else the start page. */
export function HostedOrganizationsPage() {
  return (
    <HostedGate>
      <Navigate to="/" replace />
    </HostedGate>
  );
}

const Account = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Spec §2: with the hosted provider the organization switcher and user button replace the user menu. */
function HostedAccount() {
  return (
    <Account data-testid={testIds.hosted.account}>
      <HostedOrganizationSwitcher />
      <HostedUserButton />
    </Account>
  );
}

/** The shell for a ready organization; signed out, choosing, provisioning and invalid are the gate's. */
export function HostedShell() {
  return (
    <HostedGate>
      <Shell account={<HostedAccount />} />
    </HostedGate>
  );
}
