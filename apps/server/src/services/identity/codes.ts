import type { Services } from './context.ts';
import { numericCode, safeEqual, sha256 } from './crypto.ts';
import { normalizeEmail, type FlowRecord } from './store.ts';
import { reserveSend } from './throttle.ts';

/** Wrong tries before a code is burnt and a new one must be sent. */
export const maxCodeAttempts = 5;
/** Codes one recovery or verification flow may send: the first and two resends. */
export const maxCodesPerFlow = 3;
/** Codes one address may be sent per window, over every flow of both kinds. */
export const maxCodesPerAddress = 5;
export const codeWindowMs = 15 * 60_000;

export type IssuedCode = { limited: true } | { limited: false; code?: string };

/**
 * Puts a fresh one-time code on the flow for `address`. An address without an account gets no code
 * but is counted all the same, so the limits answer alike for every address.
 */
export async function issueCode(
  services: Services,
  flow: FlowRecord,
  address: string,
  deliverable: boolean,
): Promise<IssuedCode> {
  const { store } = services;
  // The flow's own limit is looked at first, so resends it refuses do not use up the address's.
  if ((await store.flowCodeSends(flow.id)) >= maxCodesPerFlow) return { limited: true };
  if (
    !(await reserveSend(
      services,
      'code:' + normalizeEmail(address),
      maxCodesPerAddress,
      codeWindowMs,
    ))
  )
    return { limited: true };
  const code = deliverable ? numericCode(6) : undefined;
  const stored = await store.putFlowCode(
    flow,
    code === undefined ? null : sha256(flow.id + ':' + code),
    maxCodesPerFlow,
  );
  return stored ? { limited: false, code } : { limited: true };
}

/**
 * Checks a submitted code once: each submission takes an attempt number from the database first,
 * so parallel submissions past the fifth are refused unchecked, and a right code is taken by one.
 */
export async function checkCode(
  services: Services,
  flow: FlowRecord,
  submitted: string,
): Promise<boolean> {
  const { store } = services;
  const attempt = await store.attemptFlowCode(flow.id);
  if (!attempt || attempt.attempt > maxCodeAttempts) return false;
  if (safeEqual(attempt.codeHash, sha256(flow.id + ':' + submitted.trim())))
    return store.consumeFlowCode(flow.id, attempt.codeHash);
  if (attempt.attempt === maxCodeAttempts) await store.consumeFlowCode(flow.id, attempt.codeHash);
  return false;
}
