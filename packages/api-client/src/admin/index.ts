export {
  jobHistoryQuery,
  jobHistorySortColumns,
  jobNamesQuery,
  listJobHistory,
  type JobHistoryQuery,
} from './jobs.ts';
export {
  deactivateUser,
  inviteUser,
  listUsers,
  setUserRole,
  usersQuery,
  type AdminUser,
  type InviteUser,
} from './users.ts';
export { adminInvalidations, adminKeys } from './keys.ts';
export { jobAgentName, type JobHistory } from './schemas.ts';
