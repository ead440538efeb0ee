import type { ApiClient } from '../client.ts';
import { createDbGroup, type DbGroup } from './builder.ts';

/**
 * The client's db group with the PostgREST query builder: `db(client).from('checks').eq('id', id)`.
 * The builder and its parser (~10 KB minified) load with this subpath, not with the client.
 */
export function db(client: ApiClient): DbGroup {
  return createDbGroup(client.db);
}
