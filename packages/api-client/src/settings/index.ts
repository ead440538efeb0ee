export {
  addTeamMembers,
  createSettingsResource,
  deleteSettingsResource,
  removeTeamMember,
  resourceJobsQuery,
  settingsResourceQuery,
  settingsResourcesQuery,
  teamMembersQuery,
  updateSettingsResource,
} from './calls.ts';
export { settingsInvalidations, settingsKeys } from './keys.ts';
export type {
  ResourceJob,
  SettingsResource,
  SettingsResourceWrite,
  SettingsTable,
  TeamMember,
} from './schemas.ts';
