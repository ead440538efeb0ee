// The notification and silence editors' forms as data (settings spec §"Data model": a notification's
// recipients, a silence's until/check/config/component; the CRDs' fields). What each form checks
// agrees with notificationContract / notificationSilenceContract (forms.test.ts); the rules that
// join fields (exactly one recipient, a silence scoped to something, until after from) are the
// contract's alone and are listed there.
import type { FormDescription } from '../form/description.ts';

/** Go durations as parseDuration reads them (`4h`, `1h30m`, `0`). */
const DURATION = '0|(\\d+(\\.\\d+)?(ns|us|µs|ms|s|m|h|d))+';
// A date or time Date.parse reads: an ISO date, optionally with a time and zone.
const MOMENT =
  '\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?';

const recipient = (name: string, label: string) => ({ kind: 'text', name, label }) as const;

export const notificationForm: FormDescription = {
  type: 'notification',
  label: 'Notification',
  fields: [
    {
      kind: 'list',
      name: 'events',
      label: 'Events',
      minItems: 1,
      item: { kind: 'text', label: 'Event', required: true, placeholder: 'check.failed' },
    },
    { kind: 'text', name: 'title', label: 'Title' },
    { kind: 'code', name: 'template', label: 'Template', language: 'text' },
    { kind: 'text', name: 'filter', label: 'Filter', help: 'A CEL expression' },
    {
      kind: 'group',
      name: 'to',
      label: 'Send to',
      help: 'Exactly one recipient',
      fields: [
        recipient('person', 'Person'),
        recipient('team', 'Team'),
        recipient('email', 'Email'),
        recipient('connection', 'Connection'),
        recipient('url', 'URL'),
        recipient('playbook', 'Playbook'),
      ],
    },
    { kind: 'text', name: 'repeatInterval', label: 'Repeat interval', pattern: DURATION },
    { kind: 'text', name: 'waitFor', label: 'Wait for', pattern: DURATION },
    { kind: 'text', name: 'waitForEvalPeriod', label: 'Evaluation period', pattern: DURATION },
    { kind: 'list', name: 'groupBy', label: 'Group by', item: { kind: 'text', label: 'Field' } },
  ],
};

export const notificationSilenceForm: FormDescription = {
  type: 'notification-silence',
  label: 'Silence',
  fields: [
    { kind: 'text', name: 'description', label: 'Description', multiline: true },
    { kind: 'text', name: 'filter', label: 'Filter', help: 'A CEL expression' },
    { kind: 'text', name: 'from', label: 'From', pattern: MOMENT },
    { kind: 'text', name: 'until', label: 'Until', help: 'Empty: indefinitely', pattern: MOMENT },
    { kind: 'switch', name: 'recursive', label: 'Recursive' },
    { kind: 'text', name: 'check_id', label: 'Check' },
    { kind: 'text', name: 'config_id', label: 'Catalog item' },
    { kind: 'text', name: 'component_id', label: 'Component' },
    { kind: 'text', name: 'canary_id', label: 'Canary' },
  ],
};
