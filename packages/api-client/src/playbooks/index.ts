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
  runRefetchIntervalMs,
  updatePlaybook,
  type PlaybookResourceKind,
  type PlaybookResourceRef,
  type PlaybookRunsQuery,
} from './calls.ts';
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
/** The spec schema is public for the server's write validation (one contract, both ends). @public */
export { playbookSpecSchema } from './spec.ts';
export { playbookActionKinds, playbookSpecProblems, type PlaybookActionKind } from './spec.ts';
export { playbookInvalidations } from './keys.ts';
