import * as z from 'zod/mini';

// The Playbook spec (reference §2 "Playbook spec", mc api/v1/playbook_types.go): what a playbook
// must hold to be accepted. One schema for both ends: the console's editor checks a spec as it is
// typed, a server may validate a write with it. Unknown keys are kept (the CRD grows).

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

/** The keys of which an action holds exactly one. */
export const playbookActionKinds = [
  'exec',
  'http',
  'sql',
  'pod',
  'gitops',
  'notification',
  'logs',
  'ai',
  'github',
  'azureDevopsPipeline',
  'prometheus',
  'report',
  'catalog',
] as const;
export type PlaybookActionKind = (typeof playbookActionKinds)[number];

const map = z.record(z.string(), z.unknown());

const parameterSpec = z.looseObject({
  name: z
    .string({ error: 'a parameter needs a name' })
    .check(z.minLength(1, 'a parameter needs a name')),
  label: z.optional(z.string()),
  type: z.optional(
    z.enum(playbookParameterTypes, {
      error: `the type must be one of: ${playbookParameterTypes.join(', ')}`,
    }),
  ),
  required: z.optional(z.boolean()),
  description: z.optional(z.string()),
  icon: z.optional(z.string()),
  default: z.optional(z.unknown()),
  properties: z.optional(map),
  dependsOn: z.optional(z.array(z.string())),
});

const actionSpec = z
  .looseObject({
    name: z
      .string({ error: 'an action needs a name' })
      .check(z.minLength(1, 'an action needs a name')),
    delay: z.optional(z.string()),
    timeout: z.optional(z.string()),
    if: z.optional(z.string()),
    retry: z.optional(map),
    runsOn: z.optional(z.array(z.string())),
    templatesOn: z.optional(z.string()),
    contentType: z.optional(z.string()),
    ...Object.fromEntries(playbookActionKinds.map((kind) => [kind, z.optional(map)])),
  })
  .check(
    z.refine(
      (action) =>
        playbookActionKinds.filter((kind) => (action as Record<string, unknown>)[kind] != null)
          .length === 1,
      `an action holds exactly one of: ${playbookActionKinds.join(', ')}`,
    ),
  );

const approvalSpec = z.looseObject({
  type: z.optional(z.enum(['any', 'all'], { error: 'the approval type is any or all' })),
  approvers: z.optional(
    z.looseObject({
      people: z.optional(z.array(z.string())),
      teams: z.optional(z.array(z.string())),
    }),
  ),
});

// Action names are unique; checked on the list so that other problems elsewhere do not hide it.
const actionList = z.array(actionSpec, { error: 'actions must be a list' }).check(
  z.minLength(1, 'a playbook needs at least one action'),
  z.superRefine((actions, context) => {
    const seen = new Set<string>();
    actions.forEach((action, index) => {
      if (seen.has(action.name)) {
        context.addIssue({
          code: 'custom',
          message: `action name "${action.name}" is used twice`,
          path: [index, 'name'],
          input: action.name,
        });
      }
      seen.add(action.name);
    });
  }),
);

export const playbookSpecSchema = z.looseObject({
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  category: z.optional(z.string()),
  icon: z.optional(z.string()),
  timeout: z.optional(z.string()),
  on: z.optional(map),
  runsOn: z.optional(z.array(z.string())),
  env: z.optional(z.array(z.unknown())),
  permissions: z.optional(z.array(z.unknown())),
  configs: z.optional(z.array(map)),
  checks: z.optional(z.array(map)),
  components: z.optional(z.array(map)),
  parameters: z.optional(z.array(parameterSpec)),
  actions: actionList,
  filters: z.optional(z.array(z.string())),
  approval: z.optional(approvalSpec),
});

interface PlaybookSpecProblem {
  /** Keys into the spec, e.g. `['actions', 0, 'name']`; empty for the document. */
  path: (string | number)[];
  message: string;
}

/** The spec's problems with their paths; an empty list when it is valid. */
export function playbookSpecProblems(spec: unknown): PlaybookSpecProblem[] {
  const result = playbookSpecSchema.safeParse(spec);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    message: issue.message,
  }));
}
