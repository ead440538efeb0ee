export { RESOURCES, isResource } from './roles';
export type { Resource, Action } from './roles';
export { createAuthorizer } from './authorizer';
export type { Authorizer, AuthorizerInput, Permission } from './authorizer';
export { createFeatureFlags } from './featureFlags';
export type { FeatureFlags } from './featureFlags';
export type { CapabilityName } from './capabilities';
