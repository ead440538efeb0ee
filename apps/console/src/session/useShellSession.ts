import { whoamiQuery, type Whoami } from '@opsdeck/api-client/auth';
import { propertiesQuery } from '@opsdeck/api-client/general';
import { useApiClient } from '@opsdeck/api-client/react';
import {
  createAuthorizer,
  createFeatureFlags,
  type Authorizer,
  type FeatureFlags,
} from '@opsdeck/rbac';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { authorizerInputFromWhoami } from './whoami.ts';

export type ShellUser = Whoami['payload']['user'];

export interface ShellSession {
  user: ShellUser | undefined;
  authorizer: Authorizer | undefined;
  flags: FeatureFlags | undefined;
  /** Whoami or properties failed for a reason other than a 401 (which redirects). */
  error: unknown;
}

/** Who is signed in and which features are on: both load in parallel, the shell waits for both. */
export function useShellSession(): ShellSession {
  const client = useApiClient();
  const whoami = useQuery(whoamiQuery(client));
  const properties = useQuery(propertiesQuery(client));
  const payload = whoami.data?.payload;
  const authorizer = useMemo(
    () => (whoami.data ? createAuthorizer(authorizerInputFromWhoami(whoami.data)) : undefined),
    [whoami.data],
  );
  const flags = useMemo(
    () =>
      properties.data
        ? createFeatureFlags(
            properties.data.map(({ name, value }) => ({ name, value: value ?? null })),
          )
        : undefined,
    [properties.data],
  );
  return { user: payload?.user, authorizer, flags, error: whoami.error ?? properties.error };
}
