import { whoamiQuery } from '@opsdeck/api-client/auth';
import { useApiClient } from '@opsdeck/api-client/react';
import { isApiError } from '@opsdeck/api-client';
import { createAuthorizer, createFeatureFlags, type Authorizer } from '@opsdeck/rbac';
import { RbacProvider } from '@opsdeck/rbac/react';
import { decideRouteAccess, type RegisteredRoute } from '@opsdeck/extensions';
import { ErrorPage, SkeletonText, UnauthorizedPage } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { authorizerInputFromWhoami } from '../session/whoami.ts';
import { testIds } from '../testIds.ts';

// Standalone pages are not gated by flags (they render before the flags load, console §2).
const everyFeatureOn = createFeatureFlags([]);

function useWhoamiAuthorizer(): { authorizer: Authorizer | undefined; error: unknown } {
  const client = useApiClient();
  const whoami = useQuery(whoamiQuery(client));
  const authorizer = useMemo(
    () => (whoami.data ? createAuthorizer(authorizerInputFromWhoami(whoami.data)) : undefined),
    [whoami.data],
  );
  return { authorizer, error: whoami.error };
}

/**
 * A feature page drawn without the shell (inside an iframe, say): it waits only for whoami, then
 * checks read on the feature's resource and the route's access. A 401 goes to sign-in as anywhere.
 */
export function StandaloneGate({
  route,
  children,
}: {
  route: RegisteredRoute;
  children: ReactNode;
}) {
  const { authorizer, error } = useWhoamiAuthorizer();
  let content: ReactNode;
  if (authorizer) {
    const decision = decideRouteAccess(route.feature, route, everyFeatureOn, authorizer);
    content =
      decision === 'allowed' ? (
        <RbacProvider authorizer={authorizer}>
          <Suspense fallback={<SkeletonText lines={4} label="Loading" />}>{children}</Suspense>
        </RbacProvider>
      ) : (
        <div data-testid={testIds.pages.unauthorized}>
          <UnauthorizedPage />
        </div>
      );
  } else if (error && !(isApiError(error) && error.status === 401)) {
    content = <ErrorPage error={error} />;
  } else {
    content = <SkeletonText lines={4} label="Loading" />;
  }
  return <main data-testid={testIds.shell.standalone}>{content}</main>;
}
