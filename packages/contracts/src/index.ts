export { defineContract, describeIssues, formatPath, withPrefix } from './contract.ts';
/** A contract and its verdicts, for code that takes any kind's contract. @public */
export type { Contract, ContractDefinition, ContractIssue, Verdict } from './contract.ts';

// contracts-b: Canary (each check type), ScrapeConfig (each scraper type), Topology, Connection
// (each connection and notification-connection type), LoggingBackend. Their form descriptions, spec
// types and conformance entries are the subpaths' (`@opsdeck/contracts/canary`, `/connection`,
// `/scrape-config`, `/topology`, `/logging-backend`); the form model and rules `/form`.
export { canaryContract } from './canary/contract.ts';
export {
  connectionContract,
  connectionRecordOf,
  validateConnectionRecord,
} from './connection/contract.ts';
export { scrapeConfigContract } from './scrapeConfig/contract.ts';
export { topologyContract } from './topology/contract.ts';
export { loggingBackendContract } from './loggingBackend/contract.ts';

// contracts-a: Playbook, Permission, Team, IncidentRule, Notification, NotificationSilence.
export { parsePath } from './contract.ts';
export * from './playbook/index.ts';
export * from './permission/index.ts';
export * from './team/index.ts';
export * from './incidentRule/index.ts';
export * from './notification/index.ts';
