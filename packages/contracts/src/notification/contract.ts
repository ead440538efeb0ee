import { z } from 'zod/mini';
import { defineContract } from '../contract.ts';
import { parseDuration } from '../playbook/duration.ts';
import { resourceSelectorSchema } from '../playbook/spec.ts';

// The Notification and NotificationSilence CRDs' specs (mission-control.flanksource.com/v1; the
// notifications and notification_silences tables, reference §"notifications"). Loose objects.

const duration = z
  .string({ error: 'must be a duration such as 4h' })
  .check(z.refine((value) => parseDuration(value) !== undefined, 'must be a duration such as 4h'));

/**
 * The events a notification rule may be sent on, as the embedded server raises them (its database
 * triggers, notifications migration 002: a check's status, an incident's creation and status, a
 * playbook run's status) and the rule editor offers them: one list for both.
 */
export const notificationEvents = [
  'check.failed',
  'check.passed',
  'incident.created',
  'incident.status.open',
  'incident.status.investigating',
  'incident.status.mitigated',
  'incident.status.resolved',
  'incident.status.closed',
  'playbook.run.completed',
  'playbook.run.failed',
  'playbook.spec.approval.requested',
] as const;

/** Where a notification goes: exactly one of these. */
export const notificationRecipients = [
  'person',
  'team',
  'email',
  'connection',
  'url',
  'playbook',
] as const;

const recipientSchema = z
  .looseObject({
    person: z.optional(z.string()),
    team: z.optional(z.string()),
    email: z.optional(z.string()),
    connection: z.optional(z.string()),
    url: z.optional(z.string()),
    playbook: z.optional(z.string()),
    properties: z.optional(z.record(z.string(), z.unknown())),
  })
  .check(
    z.superRefine((to, context) => {
      const given = notificationRecipients.filter((key) => to[key] !== undefined && to[key] !== '');
      if (given.length !== 1)
        context.addIssue({
          code: 'custom',
          input: to,
          message:
            given.length === 0
              ? `a notification goes to one of: ${notificationRecipients.join(', ')}`
              : `a notification goes to one recipient, got ${given.join(' and ')}`,
        });
    }),
  );

const inhibitionSchema = z.looseObject({
  direction: z.enum(['incoming', 'outgoing', 'all'], {
    error: 'the direction is incoming, outgoing or all',
  }),
  from: z
    .string({ error: 'an inhibition needs a from type' })
    .check(z.minLength(1, 'an inhibition needs a from type')),
  to: z
    .array(z.string(), { error: 'an inhibition needs the types it silences' })
    .check(z.minLength(1, 'an inhibition needs the types it silences')),
  depth: z.optional(z.int().check(z.minimum(1))),
  soft: z.optional(z.boolean()),
});

export const notificationSpecSchema = z.looseObject({
  events: z
    .array(z.string().check(z.minLength(1, 'an event needs a name')), {
      error: 'a notification needs the events it is sent on',
    })
    .check(z.minLength(1, 'a notification needs the events it is sent on')),
  title: z.optional(z.string()),
  template: z.optional(z.string()),
  filter: z.optional(z.string()),
  to: recipientSchema,
  repeatInterval: z.optional(duration),
  waitFor: z.optional(duration),
  waitForEvalPeriod: z.optional(duration),
  groupBy: z.optional(z.array(z.string())),
  inhibitions: z.optional(z.array(inhibitionSchema)),
  fallback: z.optional(z.looseObject({})),
});
export type NotificationSpec = z.infer<typeof notificationSpecSchema>;

export const notificationContract = defineContract<NotificationSpec>({
  kind: 'Notification',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: notificationSpecSchema,
  // A starting point the editor changes: valid as it stands, as every contract's defaults are.
  defaults: () => ({ events: ['check.failed'], to: { email: 'alerts@example.com' } }),
});

const moment = z
  .string({ error: 'must be a date or time' })
  .check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date or time'));

/** What a silence applies to besides its filter and selectors (the CRD inlines these ids). */
export const silenceResources = ['config_id', 'check_id', 'canary_id', 'component_id'] as const;

export const notificationSilenceSpecSchema = z
  .looseObject({
    description: z.optional(z.string()),
    filter: z.optional(z.string()),
    selectors: z.optional(z.array(resourceSelectorSchema)),
    from: z.optional(moment),
    until: z.optional(moment),
    recursive: z.optional(z.boolean()),
    config_id: z.optional(z.string()),
    check_id: z.optional(z.string()),
    canary_id: z.optional(z.string()),
    component_id: z.optional(z.string()),
  })
  .check(
    z.superRefine((silence, context) => {
      const scoped =
        (silence.filter ?? '').trim() !== '' ||
        (silence.selectors ?? []).length > 0 ||
        silenceResources.some((key) => silence[key]);
      if (!scoped)
        context.addIssue({
          code: 'custom',
          input: silence,
          message: `a silence needs a filter, selectors or one of ${silenceResources.join(', ')}: it would silence everything`,
        });
      if (silence.from && silence.until && Date.parse(silence.until) <= Date.parse(silence.from))
        context.addIssue({
          code: 'custom',
          input: silence.until,
          path: ['until'],
          message: 'a silence ends after it starts',
        });
    }),
  );
export type NotificationSilenceSpec = z.infer<typeof notificationSilenceSpecSchema>;

export const notificationSilenceContract = defineContract<NotificationSilenceSpec>({
  kind: 'NotificationSilence',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: notificationSilenceSpecSchema,
  defaults: () => ({ selectors: [{ namespace: 'default' }], recursive: false }),
});
