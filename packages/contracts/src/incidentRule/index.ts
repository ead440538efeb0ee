export { incidentRuleContract, incidentRuleSpecSchema, type IncidentRuleSpec } from './contract.ts';
