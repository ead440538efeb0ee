export { incidentRuleContract } from './contract.ts';
/** The spec the incident rule editor edits. @public */
export type { IncidentRuleSpec } from './contract.ts';
/** @public */
export { incidentRuleForm } from './form.ts';
