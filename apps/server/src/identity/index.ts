export { createIdentityService, type IdentityService, type SessionUser } from './app.ts';
export { sessionCookieName, type IdentityOptions } from './context.ts';
export { ensureIdentitySchema, identitySchemaSql, type SqlExecutor } from './sql.ts';
export { demoRoles, defaultDemoPassword, type BootstrapResult } from './seed.ts';
