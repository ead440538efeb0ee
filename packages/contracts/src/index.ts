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
