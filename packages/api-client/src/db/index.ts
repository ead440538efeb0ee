export { db } from './db.ts';
