export type { Whoami } from './schemas.ts';
export { whoamiQuery } from './whoami.ts';
