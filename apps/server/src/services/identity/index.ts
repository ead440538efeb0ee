export { createIdentityService, type IdentityService } from './app.ts';
export { type IdentityUser } from './basic.ts';
export { type IdentityOptions } from './context.ts';
