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

// contracts-b: Canary (each check type), ScrapeConfig (each scraper type), Topology, Connection
// (each connection and notification-connection type), LoggingBackend. The form descriptions they
// are built from are `@opsdeck/contracts/form`.
export {
  canaryContract,
  checkFormsByKey,
  CANARY_API_VERSION,
  type CanarySpec,
} from './canary/contract.ts';
export {
  connectionContract,
  connectionFormsByType,
  connectionRecordOf,
  validateConnectionRecord,
  CONNECTION_API_VERSION,
  type ConnectionSpec,
} from './connection/contract.ts';
export {
  scrapeConfigContract,
  scraperFormsByKey,
  type ScrapeConfigSpec,
} from './scrapeConfig/contract.ts';
export { topologyContract, type TopologySpec } from './topology/contract.ts';
export { loggingBackendContract, type LoggingBackendSpec } from './loggingBackend/contract.ts';
