export { jobHistoryQuery, jobNamesQuery, listJobHistory, type JobHistoryQuery } from './jobs.ts';
export {
  deactivateUser,
  inviteUser,
  setUserRole,
  usersQuery,
  type AdminUser,
  type InviteUser,
} from './users.ts';
export {
  deletePermission,
  listPermissions,
  permissionsQuery,
  permissionTargetsQuery,
  savePermission,
  type Permission,
  type PermissionsQuery,
  type PermissionTargetKind,
  type PermissionWrite,
} from './permissions.ts';
export { deleteProperty, propertiesListQuery, saveProperty, type Property } from './properties.ts';
export {
  agentsQuery,
  deleteAgent,
  registerAgent,
  type Agent,
  type GeneratedAgent,
} from './agents.ts';
export { adminInvalidations, adminKeys } from './keys.ts';
export { jobAgentName, type JobHistory } from './schemas.ts';
export {
  eventQueueSummaryQuery,
  failedEventsQuery,
  listEventQueueSummary,
  type EventQueueEntry,
  type EventQueueQuery,
  type EventQueueSummary,
} from './eventQueue.ts';
export { auditQuery, listAudit, type AuditEntry, type AuditQuery } from './audit.ts';
export { NAME_MAX_LENGTH } from './limits.ts';
