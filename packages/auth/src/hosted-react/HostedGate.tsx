import { Spinner } from '@opsdeck/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import styled from 'styled-components';
import { loginPath } from '../session.ts';
import { testIds } from '../testIds.ts';
import { HostedOrganizationList } from './HostedOrganizationList.tsx';
import { useHostedSession } from './HostedSession.tsx';

export const HostedNotice = styled.main`
  min-height: 60vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export interface HostedGateProps {
  /** The console, rendered once the organization is ready. */
  children?: ReactNode;
  /** Shown while the session resolves; default a spinner. */
  loading?: ReactNode;
  /** Shown when no organization is active; default `HostedOrganizationList`. */
  organizationList?: ReactNode;
}

/**
 * Renders what a hosted user may see (§2 "In hosted mode"): signed out → /login with a return
 * target; no active organization → the organization list; no backend yet → the provisioning
 * notice; a malformed direct flag → 'Invalid boolean value'; ready → the children.
 */
export function HostedGate({ children, loading, organizationList }: HostedGateProps) {
  const { state } = useHostedSession();
  const location = useLocation();
  switch (state.type) {
    case 'loading':
      return (
        loading ?? (
          <HostedNotice data-testid={testIds.hosted.loading}>
            <Spinner size={24} label="Loading" />
          </HostedNotice>
        )
      );
    case 'signed-out': {
      const returnTo = location.pathname + location.search;
      return (
        <Navigate to={returnTo === '/' ? state.redirectTo : loginPath({ returnTo })} replace />
      );
    }
    case 'choose-organization':
      return organizationList ?? <HostedOrganizationList />;
    case 'provisioning':
      return (
        <HostedNotice>
          <Spinner size={24} />
          {/* The live region is the message, so the page keeps its main landmark. */}
          <p data-testid={testIds.hosted.provisioning} role="status">
            {state.message}
          </p>
        </HostedNotice>
      );
    case 'invalid':
      return (
        <HostedNotice data-testid={testIds.hosted.invalid}>
          <Problem role="alert">{state.message}</Problem>
        </HostedNotice>
      );
    case 'ready':
      return children;
  }
}
