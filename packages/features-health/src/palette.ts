import { searchResources } from '@opsdeck/api-client/playbooks';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { healthRoutes } from './routes.ts';
import { checkModalSearch } from './slots.ts';

/** How many checks the palette lists. */
const TOP = 5;

/**
 * The palette's checks by name (`POST /resources/search`, reference §7: a bare word is a name
 * prefix); a result opens the check's modal on the health page.
 */
export const searchChecks: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const items = await searchResources(apiClient, { kind: 'check', search: text }, { signal });
  return items.slice(0, TOP).map((item) => ({
    id: item.id,
    title: item.name,
    description: [item.type, item.namespace, item.status].filter(Boolean).join(' · '),
    to: linkTo(healthRoutes.page, {}, checkModalSearch(item.id)),
  }));
};
