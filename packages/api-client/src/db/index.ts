export { db } from './db.ts';
export { escapeLikePattern, likeContaining } from './likePattern.ts';
