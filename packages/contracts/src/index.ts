export { defineContract, describeIssues, formatPath, withPrefix } from './contract.ts';
/** A contract and its verdicts, for code that takes any kind's contract. @public */
export type { Contract, ContractDefinition, ContractIssue, Verdict } from './contract.ts';
