import { notificationSendStatuses } from '@opsdeck/api-client/notifications';
import type { HealthPageSearch } from '@opsdeck/features-health/slots';
import { createExternalRouteRef, createRouteRef, type NoParams } from '@opsdeck/extensions';
// zod/mini, as the rest of the console: classic zod would add its own ~40 KB to the first load.
import { z } from 'zod/mini';

/**
 * The send history as a link (console §2 /notifications): the table's own URL filters, and `id`
 * for the send whose detail is open. The page reads them with this schema too; a value it refuses
 * (an unknown status) is dropped to its default.
 */
const historySearch = z.object({
  'sends.status.filter': z.optional(z.enum(notificationSendStatuses)),
  'sends.resourceType.filter': z.optional(z.string().check(z.minLength(1))),
  /** A rule (notification) id. */
  'sends.rule.filter': z.optional(z.string().check(z.minLength(1))),
  /** The send whose detail is open. */
  id: z.optional(z.string().check(z.minLength(1))),
});

/** The search a link to the send history may carry. */
export type NotificationHistorySearch = z.output<typeof historySearch>;

/** The rules list as a link: `edit` opens the rule editor, `new` for a rule to add. */
const rulesSearch = z.object({
  edit: z.optional(
    z.union([z.literal('new'), z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f-]{27}$/i))]),
  ),
});

/** The search a link to the rules may carry. */
export type NotificationRulesSearch = z.output<typeof rulesSearch>;

/** The silences list as a link: which silences it shows (absent: the active ones). */
const silencesSearch = z.object({
  'silences.state.filter': z.optional(z.enum(['active', 'expired', 'all'])),
});

/**
 * The add-silence form as a link, with its resource picked (a send's Silence): `check:<id>` and the
 * name to show. A value the schema refuses leaves the form empty.
 */
const addSilenceSearch = z.object({
  resource: z.optional(
    z.string().check(z.regex(/^(config|component|check):[0-9a-f]{8}-[0-9a-f-]{27}$/i)),
  ),
  resourceName: z.optional(z.string().check(z.minLength(1))),
});

/** The search a link to the add-silence form may carry. */
export type AddSilenceSearch = z.output<typeof addSilenceSearch>;

/**
 * The trace as a link (issue 34): part of a check's name, the status it turned to, the page
 * (1-based). A value the schema refuses is dropped to its default.
 */
const traceSearch = z.object({
  check: z.optional(z.string().check(z.minLength(1))),
  status: z.optional(z.enum(['healthy', 'unhealthy'])),
  page: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,5}$/))),
});

/** The search a link to the trace may carry. */
export type NotificationTraceSearch = z.output<typeof traceSearch>;

/** The routes this feature offers (console §2). */
export const notificationsRoutes = {
  history: createRouteRef('notifications.history', { search: historySearch }),
  rules: createRouteRef('notifications.rules', { search: rulesSearch }),
  silences: createRouteRef('notifications.silences', { search: silencesSearch }),
  addSilence: createRouteRef('notifications.addSilence', { search: addSilenceSearch }),
  trace: createRouteRef('notifications.trace', { search: traceSearch }),
};

/**
 * Where a send's or a silence's resource links to in other features; the app binds each one, and
 * an unbound one shows the name without a link.
 */
export const notificationsExternalRoutes = {
  configPage: createExternalRouteRef<{ id: string }>('notifications.configPage'),
  componentPage: createExternalRouteRef<{ id: string }>('notifications.componentPage'),
  incidentPage: createExternalRouteRef<{ id: string }>('notifications.incidentPage'),
  /** The health page; `checkModalSearch(id)` opens a check's modal there (console §2). */
  healthPage: createExternalRouteRef<NoParams, HealthPageSearch>('notifications.healthPage'),
};
