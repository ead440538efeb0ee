import { z } from 'zod/mini';
import { parseDuration } from './duration.ts';

// The Playbook CRD's `spec` (reference §2 "Playbook spec", mc api/v1/playbook_types.go). Loose
// objects throughout: a real spec carries fields the embedded server does not act on (ui, mcp,
// jsonSchema…) and must still load; what a runner reads is typed.

/** The parameter types a run form renders (reference §2). */
export const playbookParameterTypes = [
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
/** @public */
export type PlaybookParameterType = (typeof playbookParameterTypes)[number];

/** The keys of which an action holds exactly one. */
export const playbookActionKinds = [
  'exec',
  'http',
  'sql',
  'notification',
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
export type PlaybookActionKind = (typeof playbookActionKinds)[number];

/** `on.canary` events (reference §2: mc playbook/events.go). */
export const canaryTriggerEvents = ['passed', 'failed'] as const;

const text = (message: string) => z.string({ error: message });
const name = (message: string) => text(message).check(z.minLength(1, message));

// YAML turns `default: 100` or `default: true` into numbers and booleans; the CRD field is a string.
const scalarText = z.pipe(
  z.union([z.string(), z.number(), z.boolean()], { error: 'must be text' }),
  z.transform((value: string | number | boolean) => String(value)),
);

/** A ResourceSelector (the spec's configs, checks and components; reference §7). */
export const resourceSelectorSchema = z.looseObject({
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
export type ResourceSelector = z.infer<typeof resourceSelectorSchema>;

// Names unique within a list, checked on the list itself: a problem elsewhere in the spec does not
// hide it (a check on the whole spec runs only once every field parsed).
function uniqueNames(what: string) {
  return z.superRefine((items: readonly { name: string }[], context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.name))
        context.addIssue({
          code: 'custom',
          message: `${what} name "${item.name}" is used twice (names must be unique)`,
          path: [index, 'name'],
          input: item.name,
        });
      seen.add(item.name);
    });
  });
}

const parameterSchema = z.looseObject({
  name: name('a parameter needs a name'),
  label: z.optional(z.string()),
  default: z.optional(scalarText),
  required: z.optional(z.boolean()),
  icon: z.optional(z.string()),
  description: z.optional(z.string()),
  type: z.optional(
    z.enum(playbookParameterTypes, {
      error: `the type must be one of: ${playbookParameterTypes.join(', ')}`,
    }),
  ),
  properties: z.optional(z.record(z.string(), z.unknown())),
  dependsOn: z.optional(z.array(z.string())),
});
export type PlaybookParameter = z.infer<typeof parameterSchema>;

const envVarSchema = z.looseObject({
  name: name('an environment variable needs a name'),
  value: z.optional(scalarText),
  valueFrom: z.optional(z.unknown()),
});

const execSchema = z.looseObject({
  script: name('an exec action needs a script'),
  env: z.optional(z.array(envVarSchema)),
  connections: z.optional(z.unknown()),
  artifacts: z.optional(z.unknown()),
  checkout: z.optional(z.unknown()),
  setup: z.optional(z.unknown()),
});

const headerSchema = z.looseObject({
  name: name('a header needs a name'),
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
  query: name('a sql action needs a query'),
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
  limit: z.int({ error: 'a retry needs a limit: a whole number of retries' }).check(z.minimum(0)),
  duration: text('a retry needs a duration such as 10s').check(
    z.refine((value) => parseDuration(value) !== undefined, 'must be a duration such as 10s'),
  ),
  jitter: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  exponent: z.optional(z.looseObject({ multiplier: z.number().check(z.minimum(1)) })),
});

const actionSchema = z
  .looseObject({
    name: name('an action needs a name'),
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
    z.superRefine((value, context) => {
      const kinds = playbookActionKinds.filter((kind) => value[kind] !== undefined);
      if (kinds.length !== 1)
        context.addIssue({
          code: 'custom',
          input: value,
          message:
            kinds.length === 0
              ? `an action needs exactly one of ${playbookActionKinds.join(', ')}`
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
  path: text('a webhook needs a path').check(
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
  event: z.enum(canaryTriggerEvents, {
    error: `the event must be one of: ${canaryTriggerEvents.join(', ')}`,
  }),
  labels: z.optional(z.record(z.string(), scalarText)),
  filter: z.optional(z.string()),
});

// `on.component` (a component's health turned: healthy, unhealthy, warning, unknown) and `on.config`
// (kept as written: the embedded server does not act on config events).
const resourceTriggerSchema = z.looseObject({
  event: text('a trigger needs an event'),
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
  type: z.optional(z.enum(['any', 'all'], { error: 'the approval type is any or all' })),
  approvers: z.optional(
    z.looseObject({
      people: z.optional(z.array(z.string())),
      teams: z.optional(z.array(z.string())),
    }),
  ),
});

export const playbookSpecSchema = z.looseObject({
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
  configs: z.optional(z.array(resourceSelectorSchema)),
  checks: z.optional(z.array(resourceSelectorSchema)),
  components: z.optional(z.array(resourceSelectorSchema)),
  parameters: z.optional(z.array(parameterSchema).check(uniqueNames('parameter'))),
  actions: z
    .array(actionSchema, {
      error: (issue) =>
        issue.input === undefined ? 'a playbook needs actions' : 'actions must be a list',
    })
    .check(z.minLength(1, 'a playbook needs at least one action'), uniqueNames('action')),
  filters: z.optional(z.array(z.string())),
  approval: z.optional(approvalSchema),
});
export type PlaybookSpec = z.infer<typeof playbookSpecSchema>;

/** The one kind an action has (a valid spec's actions have exactly one). */
export function actionKind(action: PlaybookAction): PlaybookActionKind {
  return playbookActionKinds.find((kind) => action[kind] !== undefined) ?? 'exec';
}
