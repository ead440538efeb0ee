export { authorizeTable, actionOfMethod } from './tableAccess';
export type { TableAuthorization } from './tableAccess';
export { createIdentityAuth, type IdentityAuth } from './identity';
export { resolveUser, loadAccess } from './resolve';
export type { UserResolver } from './resolve';
export { builtInAdmin } from './user';
export type { AuthUser } from './user';
