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
  type ResourceJobsQuery,
} from './calls.ts';
export { settingsInvalidations, settingsKeys } from './keys.ts';
export { isSettingsTable, settingsTables } from './schemas.ts';
export type {
  ResourceJob,
  SettingsResource,
  SettingsResourceWrite,
  SettingsTable,
  TeamMember,
} from './schemas.ts';
