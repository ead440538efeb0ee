import { Spinner } from '@opsdeck/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { testIds } from '../testIds.ts';
import { HostedNotice } from './HostedGate.tsx';
import { useHostedSession } from './HostedSession.tsx';

export interface OrganizationsSwitchedPageProps {
  /** Drops what belonged to the previous organization, e.g. `() => queryClient.clear()`. */
  onSwitched?: () => void | Promise<void>;
  /** Load `/` as a new document instead of navigating in place: every in-memory cache goes. */
  reloadDocument?: boolean;
}

/**
 * /organizations/orgs-switched: after a switch or creation, drop the previous organization's data,
 * resolve the session again (new backend, new token) and go to `/`.
 */
export function OrganizationsSwitchedPage({
  onSwitched,
  reloadDocument = false,
}: OrganizationsSwitchedPageProps) {
  const { reload } = useHostedSession();
  const navigate = useNavigate();
  // Once per visit, also under StrictMode's double effects.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await onSwitched?.();
      } finally {
        if (reloadDocument) globalThis.location.replace('/');
        else {
          reload();
          navigate('/', { replace: true });
        }
      }
    })();
  }, [onSwitched, reloadDocument, reload, navigate]);

  return (
    <HostedNotice>
      <Spinner size={24} />
      <p data-testid={testIds.hosted.switching} role="status">
        Switching organization ...
      </p>
    </HostedNotice>
  );
}
