export {
  approvePlaybookRun,
  cancelPlaybookRun,
  createPlaybook,
  listPlaybookRuns,
  playbookParamsQuery,
  playbookQuery,
  playbookRunActionsQuery,
  playbookRunQuery,
  playbookRunsQuery,
  playbooksForResourceQuery,
  playbooksQuery,
  resourceSearchQuery,
  runPlaybook,
  runApproversQuery,
  runRefetchIntervalMs,
  searchResources,
  updatePlaybook,
  type PlaybookResourceKind,
  type PlaybookResourceRef,
  type PlaybookRunsQuery,
} from './calls.ts';
/** What the run page's approvers query asks and answers. @public */
export type { RunApprovers, RunApproversQuery } from './calls.ts';
export { playbookKeys } from './keys.ts';
export {
  execResultSchema,
  httpResultSchema,
  isFinalRunStatus,
  notificationResultSchema,
  playbookRunStatuses,
  sqlResultSchema,
  type Playbook,
  type PlaybookApproval,
  type PlaybookListItem,
  type PlaybookParameter,
  type PlaybookRun,
  type PlaybookRunAction,
  type ResourceSearchItem,
} from './schemas.ts';
export { playbookInvalidations } from './keys.ts';
