import { apiKeyRoot } from '../keys.ts';

/** Keys of the auth service's queries, all under `['opsdeck-api', 'auth']`. */
export const authKeys = {
  all: () => [apiKeyRoot, 'auth'] as const,
  whoami: () => [...authKeys.all(), 'whoami'] as const,
};
