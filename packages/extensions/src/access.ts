import type { Action, Authorizer, CapabilityName, Resource } from '@opsdeck/rbac';

/** What a route or contribution needs beyond read on its feature's resource. */
export type Access =
  | { resource?: Resource; action: Action; capability?: never }
  | { capability: CapabilityName; resource?: never; action?: never };

/** Whether the user has `access`; `resource` defaults to the feature's. */
export function allows(
  access: Access | undefined,
  authorizer: Authorizer,
  featureResource: Resource,
): boolean {
  if (!access) return true;
  if (access.capability !== undefined) return authorizer.canDo(access.capability);
  return authorizer.can(access.resource ?? featureResource, access.action);
}
