export { teamContract } from './contract.ts';
/** The spec the team editor edits, and its form. @public */
export type { TeamSpec } from './contract.ts';
/** @public */
export { teamForm } from './form.ts';
