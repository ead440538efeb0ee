export { ROLES, RESOURCES, ACTIONS, isRole, isResource } from './roles';
export type { Role, Resource, Action } from './roles';
export { ROLE_MATRIX } from './matrix';
export { createAuthorizer, actionsOf } from './authorizer';
export type { Authorizer, AuthorizerInput, Permission } from './authorizer';
export { createFeatureFlags } from './featureFlags';
export type { FeatureFlags, Property } from './featureFlags';
export { CAPABILITIES, CAPABILITY_NAMES, isCapability } from './capabilities';
export type { Capability, CapabilityName } from './capabilities';
