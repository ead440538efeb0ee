export {
  connectionQuery,
  connectionsQuery,
  createConnection,
  deleteConnection,
  getConnection,
  integrationsQuery,
  listConnections,
  listIntegrations,
  testConnection,
  updateConnection,
  type ConnectionsQuery,
  type ConnectionWrite,
  type IntegrationsQuery,
} from './calls.ts';
export { connectionKeys } from './keys.ts';
export {
  connectionSchema,
  connectionTestReplySchema,
  integrationSchema,
  type Connection,
  type ConnectionTestReply,
  type Integration,
} from './schemas.ts';
