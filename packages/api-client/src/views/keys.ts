import type { TableInvalidations } from '../changes.ts';
import { apiKeyRoot } from '../keys.ts';

/** Keys of the saved views queries, under `['opsdeck-api', 'views']`. */
export const viewsKeys = {
  all: () => [apiKeyRoot, 'views'] as const,
  /** My views and my teams' shared views of one page (`/health`). */
  page: (page: string) => [...viewsKeys.all(), 'page', page] as const,
  /** My default view of one page. */
  defaults: (page: string) => [...viewsKeys.all(), 'defaults', page] as const,
  /** The teams I may share a view with. */
  teams: (personId: string) => [...viewsKeys.all(), 'teams', personId] as const,
};

/** The tables whose writes make saved views queries stale. */
export const viewsInvalidations: TableInvalidations = {
  saved_views: [viewsKeys.all()],
  saved_view_defaults: [viewsKeys.all()],
  // Sharing follows team membership.
  team_members: [viewsKeys.all()],
};
