export { RESOURCES, ROLES, isResource, isRole } from './roles.ts';
export type { Resource, Action } from './roles.ts';
export { createAuthorizer } from './authorizer.ts';
export type { Authorizer, AuthorizerInput, Permission } from './authorizer.ts';
export { createFeatureFlags } from './featureFlags.ts';
export type { FeatureFlags } from './featureFlags.ts';
export type { CapabilityName } from './capabilities.ts';
