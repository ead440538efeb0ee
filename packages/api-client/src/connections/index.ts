export {
  connectionQuery,
  connectionsPageQuery,
  connectionsQuery,
  createConnection,
  deleteConnection,
  integrationsQuery,
  listConnectionsPage,
  testConnection,
  updateConnection,
  type ConnectionsPageQuery,
  type ConnectionWrite,
} from './calls.ts';
export { connectionKeys } from './keys.ts';
export type { Connection, Integration } from './schemas.ts';
