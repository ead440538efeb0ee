import { RESOURCES, type Action, type Resource, type Role } from './roles.ts';

/** Resources that only an admin may see at all (console spec §6). */
const ADMIN_ONLY: readonly Resource[] = ['rbac', 'identities', 'connections', 'audit'];
/** Written by the server only (the audit trail): no role writes it. */
const SERVER_WRITTEN: readonly Resource[] = ['audit'];
/** The only resources responders and commanders may change. */
const RESPONDER_WRITES: readonly Resource[] = ['responder', 'incident', 'evidences', 'comments'];

const except = (excluded: readonly Resource[]): readonly Resource[] =>
  RESOURCES.filter((resource) => !excluded.includes(resource));

type Grants = Readonly<Record<Action, readonly Resource[]>>;

/** The role matrix of console spec §6, one row per role. Guests get nothing. */
export const ROLE_MATRIX: Readonly<Record<Role, Grants>> = {
  admin: { read: RESOURCES, write: except(SERVER_WRITTEN) },
  editor: { read: except(['audit']), write: except(ADMIN_ONLY) },
  commander: { read: except(ADMIN_ONLY), write: RESPONDER_WRITES },
  responder: { read: except(ADMIN_ONLY), write: RESPONDER_WRITES },
  viewer: { read: except(ADMIN_ONLY), write: [] },
  guest: { read: [], write: [] },
};
