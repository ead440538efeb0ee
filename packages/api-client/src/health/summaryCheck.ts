import { checkSummaryReplySchema, type CheckSummaryReply } from './schemas.ts';
import { checkSummaryReply } from './summaryCheck.generated.ts';

// The summary is the one reply that grows with the fleet (10,000 checks: ~8 MB), and zod without
// its eval-compiled fast path (the strict CSP) took longer over it than the page's first render. So
// it is checked by code generated from checkSummaryReplySchema, and the schema itself only names
// what is wrong with a reply the check rejected. summary.ts loads this module beside the request.

interface AcceptedReply {
  checks_summary?: { status?: string | null }[] | null;
}

export const schema = checkSummaryReplySchema;

/** Whether the schema accepts the reply. */
export const accepts = checkSummaryReply as (reply: unknown) => boolean;

/**
 * The schema's two transforms, on the parsed reply in place (the transport's alone): a test holds
 * this equal to the schema's output for any reply.
 */
export function output(reply: unknown): CheckSummaryReply {
  const accepted = reply as AcceptedReply;
  accepted.checks_summary ??= [];
  for (const check of accepted.checks_summary) check.status ??= 'unknown';
  return accepted as CheckSummaryReply;
}
