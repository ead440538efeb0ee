// zod/mini, as @opsdeck/api-client: the full zod would install its English messages process-wide
// and change every other schema's 400 message.
import { z } from 'zod/mini';
import { parseDuration } from './cel.ts';

/**
 * The Playbook CRD's `spec` (reference §2 "Playbook spec"). Loose objects throughout: a real spec
 * carries fields the embedded server does not act on (runsOn, templatesOn, ui, mcp…) and must still
 * load; what the runner reads is typed.
 */
export const selectorSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.optional(z.string()),
  namespace: z.optional(z.string()),
  agent: z.optional(z.string()),
  search: z.optional(z.string()),
  types: z.optional(z.array(z.string())),
  statuses: z.optional(z.array(z.string())),
  health: z.optional(z.string()),
  tagSelector: z.optional(z.string()),
  labelSelector: z.optional(z.string()),
  fieldSelector: z.optional(z.string()),
  includeDeleted: z.optional(z.boolean()),
});
export type ResourceSelector = z.infer<typeof selectorSchema>;

export const PARAMETER_TYPES = [
  'check',
  'checkbox',
  'code',
  'component',
  'config',
  'configs',
  'duration',
  'list',
  'people',
  'team',
  'text',
  'millicores',
  'bytes',
  'secret',
] as const;

// YAML turns `default: 100` or `default: true` into numbers and booleans; the CRD field is a string.
const scalarText = z.pipe(
  z.union([z.string(), z.number(), z.boolean()]),
  z.transform((value: string | number | boolean) => String(value)),
);

const parameterSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  label: z.optional(z.string()),
  default: z.optional(scalarText),
  required: z.optional(z.boolean()),
  icon: z.optional(z.string()),
  description: z.optional(z.string()),
  type: z.optional(z.enum(PARAMETER_TYPES)),
  properties: z.optional(z.record(z.string(), z.unknown())),
  dependsOn: z.optional(z.array(z.string())),
});
export type PlaybookParameter = z.infer<typeof parameterSchema>;

/** The action kinds the embedded server performs; every other known kind fails clearly at run time. */
export const PERFORMED_KINDS = ['exec', 'http', 'sql', 'notification'] as const;
export const ACTION_KINDS = [
  ...PERFORMED_KINDS,
  'pod',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'ai',
  'logs',
  'prometheus',
  'report',
  'catalog',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

const envVarSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  value: z.optional(scalarText),
  valueFrom: z.optional(z.unknown()),
});

const execSchema = z.looseObject({
  script: z.string().check(z.minLength(1)),
  env: z.optional(z.array(envVarSchema)),
  connections: z.optional(z.unknown()),
  artifacts: z.optional(z.unknown()),
  checkout: z.optional(z.unknown()),
  setup: z.optional(z.unknown()),
});

const headerSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  value: z.optional(scalarText),
});

const httpSchema = z.looseObject({
  url: z.optional(z.string()),
  connection: z.optional(z.string()),
  method: z.optional(z.string()),
  body: z.optional(z.string()),
  templateBody: z.optional(z.boolean()),
  headers: z.optional(z.array(headerSchema)),
  username: z.optional(z.unknown()),
  password: z.optional(z.unknown()),
});

const sqlSchema = z.looseObject({
  query: z.string().check(z.minLength(1)),
  connection: z.optional(z.string()),
  url: z.optional(z.string()),
  driver: z.optional(z.string()),
});

const notificationSchema = z.looseObject({
  connection: z.optional(z.string()),
  url: z.optional(z.string()),
  title: z.optional(z.string()),
  message: z.optional(z.string()),
  properties: z.optional(z.unknown()),
  attachments: z.optional(z.unknown()),
});

const looseKind = z.looseObject({});

/**
 * An action's `retry` (reference §2): a failed attempt is tried again after `duration`, times
 * `exponent.multiplier` to the power of the retries so far, give or take `jitter` percent, up to
 * `limit` retries.
 */
const retrySchema = z.looseObject({
  limit: z.int().check(z.minimum(0)),
  duration: z
    .string()
    .check(z.refine((text) => parseDuration(text) !== undefined, 'must be a duration such as 10s')),
  jitter: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  exponent: z.optional(z.looseObject({ multiplier: z.number().check(z.minimum(1)) })),
});

const actionSchema = z
  .looseObject({
    name: z.string().check(z.minLength(1)),
    delay: z.optional(z.string()),
    timeout: z.optional(z.string()),
    if: z.optional(z.string()),
    retry: z.optional(retrySchema),
    runsOn: z.optional(z.array(z.string())),
    templatesOn: z.optional(z.string()),
    contentType: z.optional(z.string()),
    exec: z.optional(execSchema),
    http: z.optional(httpSchema),
    sql: z.optional(sqlSchema),
    notification: z.optional(notificationSchema),
    pod: z.optional(looseKind),
    gitops: z.optional(looseKind),
    github: z.optional(looseKind),
    azureDevopsPipeline: z.optional(looseKind),
    ai: z.optional(looseKind),
    logs: z.optional(looseKind),
    prometheus: z.optional(looseKind),
    report: z.optional(looseKind),
    catalog: z.optional(looseKind),
  })
  .check(
    z.superRefine((value, ctx) => {
      const kinds = ACTION_KINDS.filter((kind) => value[kind] !== undefined);
      if (kinds.length !== 1)
        ctx.addIssue({
          code: 'custom',
          message:
            kinds.length === 0
              ? `an action needs exactly one of ${ACTION_KINDS.join(', ')}`
              : `an action takes exactly one kind, got ${kinds.join(' and ')}`,
        });
    }),
  );
export type PlaybookAction = z.infer<typeof actionSchema>;

// A value the CRD reads from a literal or from a Kubernetes secret (`{value}` / `{valueFrom}`).
const envValueSchema = z.union([
  z.string(),
  z.looseObject({ value: z.optional(scalarText), valueFrom: z.optional(z.unknown()) }),
]);
export type EnvValue = z.infer<typeof envValueSchema>;

/** `on.webhook` (reference §2): one URL segment under /playbook/webhook/, and how callers prove who they are. */
const webhookSchema = z.looseObject({
  path: z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9._~-]+$/,
        'a webhook path is one URL segment of letters, digits and . _ ~ -',
      ),
    ),
  authentication: z.optional(
    z.looseObject({
      basic: z.optional(z.looseObject({ username: envValueSchema, password: envValueSchema })),
      github: z.optional(z.looseObject({ token: envValueSchema })),
      svix: z.optional(z.looseObject({})),
      jwt: z.optional(z.looseObject({})),
    }),
  ),
});
export type WebhookTrigger = z.infer<typeof webhookSchema>;

/** `on.canary`: a check passed or failed, narrowed by labels (all equal) and a CEL filter. */
const canaryTriggerSchema = z.looseObject({
  event: z.enum(['passed', 'failed']),
  labels: z.optional(z.record(z.string(), scalarText)),
  filter: z.optional(z.string()),
});

// `on.component` (a component's health turned: healthy, unhealthy, warning, unknown) and `on.config`
// (kept as written: the embedded server does not act on config events).
const resourceTriggerSchema = z.looseObject({
  event: z.string(),
  labels: z.optional(z.record(z.string(), scalarText)),
  filter: z.optional(z.string()),
});

const onSchema = z.looseObject({
  webhook: z.optional(webhookSchema),
  canary: z.optional(z.array(canaryTriggerSchema)),
  config: z.optional(z.array(resourceTriggerSchema)),
  component: z.optional(z.array(resourceTriggerSchema)),
  schedule: z.optional(z.array(z.unknown())),
});

const approvalSchema = z.looseObject({
  type: z.optional(z.enum(['any', 'all'])),
  approvers: z.optional(
    z.looseObject({
      people: z.optional(z.array(z.string())),
      teams: z.optional(z.array(z.string())),
    }),
  ),
});

export const playbookSpecSchema = z
  .looseObject({
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    category: z.optional(z.string()),
    icon: z.optional(z.string()),
    timeout: z.optional(z.string()),
    on: z.optional(onSchema),
    runsOn: z.optional(z.array(z.string())),
    env: z.optional(z.array(envVarSchema)),
    templatesOn: z.optional(z.string()),
    permissions: z.optional(z.unknown()),
    configs: z.optional(z.array(selectorSchema)),
    checks: z.optional(z.array(selectorSchema)),
    components: z.optional(z.array(selectorSchema)),
    parameters: z.optional(z.array(parameterSchema)),
    actions: z.array(actionSchema).check(z.minLength(1, 'a playbook needs at least one action')),
    filters: z.optional(z.array(z.string())),
    approval: z.optional(approvalSchema),
  })
  .check(
    z.superRefine((value, ctx) => {
      const seen = new Set<string>();
      value.actions.forEach((action, n) => {
        if (seen.has(action.name))
          ctx.addIssue({
            code: 'custom',
            path: ['actions', n, 'name'],
            message: `action name "${action.name}" is used twice (names must be unique)`,
          });
        seen.add(action.name);
      });
      const names = new Set<string>();
      (value.parameters ?? []).forEach((parameter, n) => {
        if (names.has(parameter.name))
          ctx.addIssue({
            code: 'custom',
            path: ['parameters', n, 'name'],
            message: `parameter name "${parameter.name}" is used twice`,
          });
        names.add(parameter.name);
      });
    }),
  );
export type PlaybookSpec = z.infer<typeof playbookSpecSchema>;

/** The one kind an action has (the spec check guarantees exactly one). */
export function actionKind(action: PlaybookAction): ActionKind {
  return ACTION_KINDS.find((kind) => action[kind] !== undefined) ?? 'exec';
}

/** A valid spec, or the first problems with the path of each (`actions.2.exec.script: …`). */
export function parsePlaybookSpec(
  value: unknown,
): { ok: true; spec: PlaybookSpec } | { ok: false; message: string } {
  const result = playbookSpecSchema.safeParse(value);
  if (result.success) return { ok: true, spec: result.data };
  const message = result.error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = ['spec', ...issue.path.map(String)].join('.');
      // zod/mini ships no messages ("Invalid input"): say what was expected.
      const details = issue as { expected?: string; values?: unknown[]; minimum?: unknown };
      const expected = details.values
        ? `one of ${details.values.map((value) => JSON.stringify(value)).join(', ')}`
        : details.expected;
      const text =
        issue.code === 'too_small' && issue.message === 'Invalid input'
          ? `must have at least ${String(details.minimum)}`
          : issue.message;
      return `${where}: ${text}${expected ? ` (expected ${expected})` : ''}`;
    })
    .join('; ');
  return { ok: false, message: `playbook validation failed: ${message}` };
}

/** The spec's approvers, when it has any (a run then waits in pending_approval). */
export function approversOf(spec: PlaybookSpec): { people: string[]; teams: string[] } | undefined {
  const people = spec.approval?.approvers?.people ?? [];
  const teams = spec.approval?.approvers?.teams ?? [];
  return people.length + teams.length > 0 ? { people, teams } : undefined;
}

/** A write of playbook rows: every row still live must hold a valid spec. */
export function checkPlaybookWrite(rows: readonly Record<string, unknown>[]): {
  allowed: boolean;
  reason?: string;
} {
  for (const row of rows) {
    if (row.deleted_at) continue;
    const parsed = parsePlaybookSpec(row.spec);
    if (!parsed.ok) return { allowed: false, reason: parsed.message };
  }
  return { allowed: true };
}
