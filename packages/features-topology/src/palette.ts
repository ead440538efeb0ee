import { searchResources } from '@opsdeck/api-client/playbooks';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { topologyRoutes } from './routes.ts';

/** How many components the palette lists. */
const TOP = 5;

/**
 * The palette's components by name (`POST /resources/search`, reference §7: a bare word is a name
 * prefix), described by namespace and type; a result opens the component's page.
 */
export const searchComponents: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const items = await searchResources(apiClient, { kind: 'component', search: text }, { signal });
  return items.slice(0, TOP).map((item) => ({
    id: item.id,
    title: item.name,
    description: [item.namespace, item.type].filter(Boolean).join(' · '),
    to: linkTo(topologyRoutes.component, { id: item.id }),
  }));
};
