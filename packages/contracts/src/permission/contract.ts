import { z } from 'zod/mini';
import { defineContract } from '../contract.ts';

// The Permission CRD's spec (mission-control.flanksource.com/v1, mc api/v1/permission_types.go):
// one subject, the actions it may (or with `deny`, may not) take, on the objects selected.

/**
 * Who a permission is about: exactly one of these. Besides the CRD's, the subject types a
 * permissions row holds (reference §"Permissions": a role, a canary, a scraper, a topology).
 */
export const permissionSubjects = [
  'person',
  'team',
  'group',
  'notification',
  'playbook',
  'plugin',
  'user',
  'role',
  'canary',
  'scraper',
  'topology',
] as const;

const subjectSchema = z
  .looseObject(
    Object.fromEntries(permissionSubjects.map((key) => [key, z.optional(z.string())])) as Record<
      (typeof permissionSubjects)[number],
      z.ZodMiniOptional<z.ZodMiniString>
    >,
  )
  .check(
    z.superRefine((subject, context) => {
      const given = permissionSubjects.filter((key) => subject[key]);
      if (given.length !== 1)
        context.addIssue({
          code: 'custom',
          input: subject,
          message:
            given.length === 0
              ? `a permission is about one of: ${permissionSubjects.join(', ')}`
              : `a permission is about one subject, got ${given.join(' and ')}`,
        });
    }),
  );

export const permissionSpecSchema = z.looseObject({
  description: z.optional(z.string()),
  subject: subjectSchema,
  actions: z
    .array(z.string().check(z.minLength(1, 'an action needs a name')), {
      error: 'a permission needs the actions it allows or denies',
    })
    .check(z.minLength(1, 'a permission needs the actions it allows or denies')),
  deny: z.optional(z.boolean()),
  /** The objects it applies to: resource selectors by kind (`playbooks`, `configs`…) or a global flag. */
  object: z.record(z.string(), z.unknown(), {
    error: 'a permission needs the objects it applies to',
  }),
  agents: z.optional(z.array(z.string())),
  tags: z.optional(z.record(z.string(), z.string())),
});
export type PermissionSpec = z.infer<typeof permissionSpecSchema>;

export const permissionContract = defineContract<PermissionSpec>({
  kind: 'Permission',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: permissionSpecSchema,
  // A starting point the editor changes: valid as it stands, as every contract's defaults are.
  defaults: () => ({
    subject: { person: 'someone@example.com' },
    actions: ['read'],
    object: { configs: [{ name: '*' }] },
  }),
});
