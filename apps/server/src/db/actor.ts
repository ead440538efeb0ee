import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the database work of the current request (or task) is done for: a person's id, `agent:{id}`,
 * or `system`. The database wrappers (database.ts) set it in each write's transaction as
 * `opsdeck.actor`, which the change and audit triggers record; outside any `withActor` it is unset
 * and the triggers record `system` (jobs, the scheduler, the seed).
 */
interface ActorScope {
  actor: string;
  /** Inside a transaction that already set it (PGlite runs a nested db.query in that session). */
  inTransaction: boolean;
}

const scopes = new AsyncLocalStorage<ActorScope>();

/** Runs `fn` with every database write it makes (awaited or started) attributed to `actor`. */
export function withActor<T>(actor: string, fn: () => T): T {
  return scopes.run({ actor, inTransaction: false }, fn);
}

/** The actor of the current scope, if any. */
export function currentActor(): string | undefined {
  return scopes.getStore()?.actor;
}

/** True inside a transaction opened for the current actor. */
export function inActorTransaction(): boolean {
  return scopes.getStore()?.inTransaction ?? false;
}

/** Runs `fn` marked as inside the actor's transaction. */
export function inTransactionScope<T>(fn: () => T): T {
  const scope = scopes.getStore();
  return scope ? scopes.run({ ...scope, inTransaction: true }, fn) : fn();
}

// Statements that may write; a plain SELECT is left alone (one that calls a writing function
// belongs in db.transaction to be attributed).
const WRITING = /^\s*(?:with|insert|update|delete|merge|call|do)\b/i;

/** Whether a standalone statement needs the actor's transaction around it. */
export function mayWrite(sql: string): boolean {
  return WRITING.test(sql);
}

export const SET_ACTOR_SQL = "SELECT set_config('opsdeck.actor', $1, true)";
