import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { listOf, maybeNumber, maybeText, text } from '../schemaParts.ts';

// Playbooks on the wire (shared/reference/mission-control-areas.md §2; settings spec §3 "Playbook
// and run"). Replies are loose: a newer Mission Control adds columns and the console keeps working.

/** Run statuses (reference §2 "Run statuses"); `pending` is the reference UI's extra. */
export const playbookRunStatuses = [
  'scheduled',
  'running',
  'sleeping',
  'pending_approval',
  'waiting',
  'retrying',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;

const finalRunStatuses: ReadonlySet<string> = new Set([
  'cancelled',
  'completed',
  'failed',
  'timed_out',
]);

/** A run in a final state changes no more (reference §2). */
export function isFinalRunStatus(status: string | null | undefined): boolean {
  return status != null && finalRunStatuses.has(status);
}

/**
 * A list option: `{label, value}`, or a bare value as the real fixtures write a duration's choices
 * (shared/fixtures/mission-control/playbooks/action-duration.yaml), read as its own label.
 */
const parameterOptionSchema = z.union([
  looseObject({ label: maybeText, value: z.unknown() }),
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value: string | number) => ({ label: String(value), value: String(value) })),
  ),
]);

/** Parameter `properties` are free JSON (reference §2): only what the console reads is named. */
const parameterPropertiesSchema = looseObject({
  size: maybeText,
  language: maybeText,
  jsonSchemaUrl: maybeText,
  options: z.nullish(z.array(parameterOptionSchema)),
  filter: z.nullish(z.unknown()),
  multiline: z.nullish(z.union([z.boolean(), z.string()])),
  maxLength: z.nullish(z.union([z.number(), z.string()])),
  minLength: z.nullish(z.union([z.number(), z.string()])),
  regex: maybeText,
  format: maybeText,
  min: z.nullish(z.union([z.number(), z.string()])),
  max: z.nullish(z.union([z.number(), z.string()])),
});

export const playbookParameterSchema = looseObject({
  name: text,
  label: maybeText,
  type: maybeText,
  required: z.nullish(z.boolean()),
  default: z.nullish(z.unknown()),
  description: maybeText,
  icon: maybeText,
  properties: z.nullish(parameterPropertiesSchema),
});
export type PlaybookParameter = z.output<typeof playbookParameterSchema>;

/** The spec as far as the console reads it; the rest is kept (the editor shows it all). */
export const playbookSpecReadSchema = looseObject({
  title: maybeText,
  description: maybeText,
  category: maybeText,
  icon: maybeText,
  parameters: listOf(playbookParameterSchema),
  configs: z.nullish(z.array(z.unknown())),
  checks: z.nullish(z.array(z.unknown())),
  components: z.nullish(z.array(z.unknown())),
  actions: z.nullish(z.array(z.unknown())),
  approval: z.nullish(z.unknown()),
});

const personSchema = looseObject({
  id: text,
  name: maybeText,
  avatar: maybeText,
  email: maybeText,
});

/** A playbooks row (or the list page's narrower select). */
export const playbookSchema = looseObject({
  id: text,
  name: maybeText,
  namespace: maybeText,
  title: maybeText,
  icon: maybeText,
  description: maybeText,
  category: maybeText,
  source: maybeText,
  spec: z.nullish(playbookSpecReadSchema),
  created_by: z.nullish(z.union([personSchema, z.string()])),
  created_at: maybeText,
  updated_at: maybeText,
  deleted_at: maybeText,
});
export type Playbook = z.output<typeof playbookSchema>;

/** `GET /playbook/list`: the playbooks that apply to a resource (or all of them). */
export const playbookListItemSchema = looseObject({
  id: text,
  namespace: maybeText,
  name: maybeText,
  title: maybeText,
  icon: maybeText,
  description: maybeText,
  source: maybeText,
  category: maybeText,
  created_at: maybeText,
  parameters: listOf(playbookParameterSchema),
  spec: z.nullish(playbookSpecReadSchema),
});
export type PlaybookListItem = z.output<typeof playbookListItemSchema>;

export const playbookParamsReplySchema = looseObject({
  params: listOf(playbookParameterSchema),
});

export const playbookRunReplySchema = looseObject({
  run_id: text,
  starts_at: maybeText,
});
export type PlaybookRunReply = z.output<typeof playbookRunReplySchema>;

export const playbookMessageReplySchema = looseObject({ message: maybeText });

const resourceEmbedSchema = looseObject({
  id: text,
  name: maybeText,
  icon: maybeText,
  type: maybeText,
  config_class: maybeText,
});

const approvalSchema = looseObject({
  id: text,
  run_id: maybeText,
  person_id: z.nullish(z.union([personSchema, z.string()])),
  team_id: z.nullish(
    z.union([looseObject({ id: text, name: maybeText, icon: maybeText }), z.string()]),
  ),
  created_at: maybeText,
});
export type PlaybookApproval = z.output<typeof approvalSchema>;

/** A playbook_runs row with the embeds of the runs list and the run detail (reference §2). */
export const playbookRunSchema = looseObject({
  id: text,
  playbook_id: maybeText,
  status: text,
  created_at: maybeText,
  start_time: maybeText,
  scheduled_time: maybeText,
  end_time: maybeText,
  timeout: maybeNumber,
  check_id: maybeText,
  config_id: maybeText,
  component_id: maybeText,
  parent_id: maybeText,
  agent_id: maybeText,
  error: maybeText,
  /** Stored as a string map; older rows may hold other JSON. */
  parameters: z.nullish(z.record(z.string(), z.unknown())),
  spec: z.nullish(z.unknown()),
  created_by: z.nullish(z.union([personSchema, z.string()])),
  playbooks: z.nullish(
    looseObject({
      id: text,
      name: maybeText,
      title: maybeText,
      icon: maybeText,
      spec: z.nullish(playbookSpecReadSchema),
    }),
  ),
  component: z.nullish(resourceEmbedSchema),
  check: z.nullish(resourceEmbedSchema),
  config: z.nullish(resourceEmbedSchema),
  playbook_approvals: listOf(approvalSchema),
});
export type PlaybookRun = z.output<typeof playbookRunSchema>;

/** A row of `rpc/get_playbook_run_actions` (no `error` column there; playbook_run_actions has one). */
export const playbookRunActionSchema = looseObject({
  id: text,
  name: text,
  status: text,
  playbook_run_id: maybeText,
  scheduled_time: maybeText,
  start_time: maybeText,
  end_time: maybeText,
  result: z.nullish(z.unknown()),
  error: maybeText,
  retry_count: maybeNumber,
  agent_id: maybeText,
  agent: z.nullish(looseObject({ id: maybeText, name: maybeText })),
  artifacts: z.nullish(z.array(z.unknown())),
});
export type PlaybookRunAction = z.output<typeof playbookRunActionSchema>;

// Action result shapes (reference §2 "Action result shapes"), for rendering by kind.
export const execResultSchema = looseObject({
  stdout: maybeText,
  stderr: maybeText,
  exitCode: maybeNumber,
  path: maybeText,
  args: z.nullish(z.array(z.string())),
});
export const httpResultSchema = looseObject({
  content: z.nullish(z.unknown()),
  headers: z.nullish(z.record(z.string(), z.unknown())),
  code: maybeNumber,
});
export const sqlResultSchema = looseObject({
  query: maybeText,
  rows: listOf(z.record(z.string(), z.unknown())),
  count: maybeNumber,
  columns: z.nullish(z.array(z.unknown())),
});
export const notificationResultSchema = looseObject({
  title: maybeText,
  message: maybeText,
});

/** An item of `POST /resources/search` (reference §7). */
export const resourceSearchItemSchema = looseObject({
  id: text,
  name: text,
  icon: maybeText,
  type: maybeText,
  namespace: maybeText,
  agent: maybeText,
  health: maybeText,
  status: maybeText,
  tags: z.nullish(z.record(z.string(), z.unknown())),
});
export type ResourceSearchItem = z.output<typeof resourceSearchItemSchema>;

/** The reply keeps only non-empty lists (reference §7). */
export const resourceSearchReplySchema = looseObject({
  checks: listOf(resourceSearchItemSchema),
  components: listOf(resourceSearchItemSchema),
  configs: listOf(resourceSearchItemSchema),
});
