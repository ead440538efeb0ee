import { numericCode, safeEqual, sha256 } from './crypto.ts';
import type { FlowRecord } from './store.ts';

const maxAttempts = 5;

/** Puts a fresh one-time code on the flow and returns it for delivery. */
export function issueCode(flow: FlowRecord): string {
  const code = numericCode(6);
  flow.codeHash = sha256(flow.id + ':' + code);
  flow.codeAttempts = 0;
  return code;
}

/** Checks a submitted code; after five wrong tries the code is burnt and a new one must be sent. */
export function checkCode(flow: FlowRecord, submitted: string): boolean {
  if (!flow.codeHash) return false;
  flow.codeAttempts = (flow.codeAttempts ?? 0) + 1;
  const ok = flow.codeAttempts <= maxAttempts && safeEqual(flow.codeHash, sha256(flow.id + ':' + submitted.trim()));
  if (ok || flow.codeAttempts >= maxAttempts) delete flow.codeHash;
  return ok;
}
