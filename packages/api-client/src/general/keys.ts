import { apiKeyRoot } from '../keys.ts';

/** Keys of the general group's queries (`/about`, `/properties`), all under `['opsdeck-api', 'general']`. */
export const generalKeys = {
  all: () => [apiKeyRoot, 'general'] as const,
  about: () => [...generalKeys.all(), 'about'] as const,
  properties: () => [...generalKeys.all(), 'properties'] as const,
};
