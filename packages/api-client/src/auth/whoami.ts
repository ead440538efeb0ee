import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { CallOptions } from '../http.ts';
import { authKeys } from './keys.ts';
import { whoamiSchema, type Whoami } from './schemas.ts';

/** GET `/auth/whoami`: the user, roles and permissions; 401 without a session. */
export function getWhoami(client: ApiClient, options: CallOptions = {}): Promise<Whoami> {
  return client.auth.get('whoami', { schema: whoamiSchema, signal: options.signal });
}

export const whoamiQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: authKeys.whoami(),
    queryFn: ({ signal }) => getWhoami(client, { signal }),
    // A 401 means no session: the app redirects to sign in, and retrying cannot change the answer.
    retry: false,
  });
