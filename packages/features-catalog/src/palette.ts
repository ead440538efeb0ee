import { searchResources } from '@opsdeck/api-client/playbooks';
import { linkTo } from '@opsdeck/extensions';
import type { PaletteSearchProvider } from '@opsdeck/extensions/shell';
import { catalogRoutes } from './routes.ts';

/** How many configs the palette lists. */
const TOP = 5;

/**
 * The palette's configs by name (`POST /resources/search`, reference §7: a bare word is a name
 * prefix), described by namespace, cluster and type; a result opens the config's page.
 */
export const searchConfigs: PaletteSearchProvider['search'] = async (
  text,
  { apiClient, signal },
) => {
  const items = await searchResources(apiClient, { kind: 'config', search: text }, { signal });
  return items.slice(0, TOP).map((item) => {
    const cluster = item.tags?.cluster;
    return {
      id: item.id,
      title: item.name,
      description: [item.namespace, typeof cluster === 'string' ? cluster : undefined, item.type]
        .filter(Boolean)
        .join(' · '),
      to: linkTo(catalogRoutes.item, { id: item.id }),
    };
  });
};
