export {
  defineContract,
  describeIssues,
  formatPath,
  withPrefix,
  type Contract,
  type ContractDefinition,
  type ContractIssue,
  type Verdict,
} from './contract.ts';

// contracts-a: Playbook, Permission, Team, IncidentRule, Notification, NotificationSilence.
export { parsePath } from './contract.ts';
export * from './playbook/index.ts';
export * from './permission/index.ts';
export * from './team/index.ts';
export * from './incidentRule/index.ts';
export * from './notification/index.ts';
