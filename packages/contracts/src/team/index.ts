export { teamContract, teamSpecSchema, type TeamSpec } from './contract.ts';
