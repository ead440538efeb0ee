export { db } from './db.ts';
export { likeContaining } from './likePattern.ts';
/** The escape alone, for a pattern a caller builds itself (`prefix*`). @public */
export { escapeLikePattern } from './likePattern.ts';
