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

// contracts-a: Playbook (Permission, Team, IncidentRule, Notification, NotificationSilence follow).
export { parsePath } from './contract.ts';
export * from './playbook/index.ts';
