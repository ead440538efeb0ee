export { createIdentityService, type IdentityService, type SessionUser } from './app.ts';
export { type BasicSignIn, type IdentityUser } from './basic.ts';
export {
  sessionCookieName,
  type IdentityOptions,
  type OutboxAccess,
  type OutboxAccessCheck,
} from './context.ts';
export { type SqlExecutor } from './sql.ts';
export { demoRoles, defaultDemoPassword, type BootstrapResult } from './seed.ts';
