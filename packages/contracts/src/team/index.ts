export { teamContract } from './contract.ts';
/** The spec the team editor edits. @public */
export type { TeamSpec } from './contract.ts';
