import type { TopologyQuery } from '@opsdeck/api-client/topology';
import { parseTopologyFilters, toTopologyQuery } from './filters.ts';

/**
 * The topology request each page makes first, in one place: the page asks for it, and its route's
 * prefetch starts the very same request (same query key) while the page's chunk is still loading.
 */
export const pageQueries = {
  /**
   * `/topology`: root components and one level of children, enough for the cards' child rows. The
   * summaries are rolled up over the whole tree before the backend cuts it to this depth (reference §4).
   */
  index: (search: URLSearchParams): TopologyQuery =>
    toTopologyQuery(parseTopologyFilters(search), 2),
  /** `/topology/:id`: the component, its children as cards and theirs for the cards' child rows. */
  component: (id: string): TopologyQuery => ({ id, depth: 3 }),
  /** `/view/topology/:id`: the one card and its child rows. */
  view: (id: string): TopologyQuery => ({ id, depth: 2 }),
};
