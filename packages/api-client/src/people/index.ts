export { peopleQuery, teamsQuery } from './calls.ts';
/** A person or team as the pickers read it, for a component's props. @public */
export type { PersonOrTeam } from './calls.ts';
export { peopleInvalidations } from './keys.ts';
/** The domain's one key root, for invalidation and `setQueryData` after a people or team write. @public */
export { peopleKeys } from './keys.ts';
