import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { maybeBoolean, maybeText, text } from '../schemaParts.ts';

// Row shapes of connections and integrations as the console reads them (reference §6). Secrets come
// back as `********` or as a `secret://` / `configmap://` reference, never in clear; unknown keys are
// kept (a newer Mission Control may add columns).

const person = z.nullish(
  looseObject({ id: text, name: maybeText, avatar: maybeText, email: maybeText }),
);

/** One row of `connections` (with `created_by(id,name,avatar,email)` embedded). */
export const connectionSchema = looseObject({
  id: text,
  name: text,
  namespace: maybeText,
  type: text,
  url: maybeText,
  username: maybeText,
  password: maybeText,
  certificate: maybeText,
  properties: z.nullish(z.record(z.string(), z.unknown())),
  insecure_tls: maybeBoolean,
  source: maybeText,
  created_by: z.nullish(z.union([person, text])),
  created_at: maybeText,
  updated_at: maybeText,
  deleted_at: maybeText,
});
export type Connection = z.output<typeof connectionSchema>;

/** `POST /connection/test/{id}` → `{message, payload}` (a failure rejects with its `error`). */
export const connectionTestReplySchema = looseObject({
  message: maybeText,
  payload: z.nullish(z.unknown()),
});
export type ConnectionTestReply = z.output<typeof connectionTestReplySchema>;

/** One row of `integrations_with_status`: a scraper, topology or log backend and its newest run. */
export const integrationSchema = looseObject({
  id: text,
  name: text,
  description: maybeText,
  integration_type: text,
  source: maybeText,
  agent_id: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  deleted_at: maybeText,
  created_by: maybeText,
  job_name: maybeText,
  job_status: maybeText,
  job_success_count: z.nullish(z.number()),
  job_error_count: z.nullish(z.number()),
  job_time_start: maybeText,
  job_time_end: maybeText,
  job_last_failed: maybeText,
  agent: z.nullish(looseObject({ id: text, name: maybeText })),
  creator_name: maybeText,
  creator_avatar: maybeText,
  creator_email: maybeText,
});
export type Integration = z.output<typeof integrationSchema>;
