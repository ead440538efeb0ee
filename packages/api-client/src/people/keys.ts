import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';

/**
 * Keys of the people and teams queries, under `['opsdeck-api', 'people']`: one root for every
 * picker of a person or a team (responders, commanders, playbook parameters), so one write to
 * either table refreshes them all.
 */
export const peopleKeys = {
  all: () => [apiKeyRoot, 'people'] as const,
  people: () => [...peopleKeys.all(), 'people'] as const,
  teams: () => [...peopleKeys.all(), 'teams'] as const,
};

/** The tables whose writes make people and teams queries stale. */
export const peopleInvalidations: TableInvalidations = {
  people: [peopleKeys.all()],
  teams: [peopleKeys.all()],
  team_members: [peopleKeys.all()],
};
