import { authPaths, loginPath } from '@opsdeck/auth';
import { Button, ErrorPage, Spinner } from '@opsdeck/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConsole } from '../app/ConsoleContext.tsx';
import { safeReturnTo } from '../routing/access.ts';
import { testIds } from '../testIds.ts';
import { RETURNED_BY_CHECKER } from './checkerLoop.ts';

/**
 * Where every 401 lands (spec §8): asks the identity provider whether the session is still good.
 * Signed in: back to return_to (the API answered 401 for another reason, or the session was just
 * renewed). Not signed in: to the login page the provider names, which keeps return_to.
 */
export function AuthStateChecker() {
  const { session } = useConsole();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = safeReturnTo(search.get('return_to'));
  const [failure, setFailure] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    session
      .check()
      .then((result) => {
        if (cancelled) return;
        if (result.authenticated) {
          // Whatever answered 401 is asked again, now with the session.
          void queryClient.invalidateQueries();
          navigate(returnTo, { replace: true, state: { [RETURNED_BY_CHECKER]: true } });
        } else {
          queryClient.clear();
          // Kratos builds the login address from returnTarget(), which reads our return_to; the hosted
          // provider answers a bare /login, which gets the return_to here.
          navigate(
            result.redirectTo === authPaths.login ? loginPath({ returnTo }) : result.redirectTo,
            { replace: true },
          );
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error);
      });
    return () => {
      cancelled = true;
    };
  }, [session, navigate, queryClient, returnTo, attempt]);

  if (failure) {
    return (
      <main>
        <ErrorPage
          error={failure}
          actions={
            <Button onClick={() => (setFailure(undefined), setAttempt(attempt + 1))}>
              Try again
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main
      data-testid={testIds.pages.stateChecker}
      aria-busy="true"
      style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}
    >
      <Spinner size={24} label="Checking your session" />
    </main>
  );
}
