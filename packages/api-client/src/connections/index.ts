export {
  connectionQuery,
  connectionsQuery,
  createConnection,
  deleteConnection,
  integrationsQuery,
  testConnection,
  updateConnection,
  type ConnectionWrite,
} from './calls.ts';
export { connectionKeys } from './keys.ts';
export type { Connection, Integration } from './schemas.ts';
