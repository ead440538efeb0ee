// The IncidentRule editor's Spec form as data (settings spec §"Schema-resource edit screen":
// incident rules; the IncidentRule CRD's fields): what the form checks agrees with
// incidentRuleContract (forms.test.ts). Component selectors and hours of operation are edited in
// the Code tab.
import type { FormDescription } from '../form/description.ts';

/** Go durations as parseDuration reads them (`15m`, `1h30m`, `0`). */
const DURATION = '0|(\\d+(\\.\\d+)?(ns|us|µs|ms|s|m|h|d))+';

const words = (name: string, label: string, item: string) =>
  ({ kind: 'list', name, label, item: { kind: 'text', label: item } }) as const;

export const incidentRuleForm: FormDescription = {
  type: 'incident-rule',
  label: 'Incident rule',
  fields: [
    { kind: 'text', name: 'name', label: 'Name' },
    { kind: 'number', name: 'priority', label: 'Priority', help: 'Lower runs first' },
    { kind: 'switch', name: 'breakOnMatch', label: 'Stop at this rule when it matches' },
    { kind: 'switch', name: 'autoAssignOwner', label: 'Assign the owner' },
    {
      kind: 'group',
      name: 'filter',
      label: 'Checks that match',
      fields: [
        words('status', 'Status', 'Status'),
        words('severity', 'Severity', 'Severity'),
        words('category', 'Category', 'Category'),
        { kind: 'text', name: 'age', label: 'Failing for at least', pattern: DURATION },
      ],
    },
    {
      kind: 'group',
      name: 'template',
      label: 'Incident',
      fields: [
        { kind: 'text', name: 'title', label: 'Title' },
        { kind: 'text', name: 'description', label: 'Description', multiline: true },
        { kind: 'text', name: 'severity', label: 'Severity' },
        { kind: 'text', name: 'type', label: 'Type' },
      ],
    },
    {
      kind: 'group',
      name: 'autoClose',
      label: 'Close automatically',
      fields: [{ kind: 'text', name: 'timeout', label: 'After', pattern: DURATION }],
    },
    {
      kind: 'group',
      name: 'autoResolve',
      label: 'Resolve automatically',
      fields: [{ kind: 'text', name: 'timeout', label: 'After', pattern: DURATION }],
    },
    {
      kind: 'group',
      name: 'responders',
      label: 'Responders',
      fields: [
        {
          kind: 'list',
          name: 'email',
          label: 'Email',
          item: {
            kind: 'group',
            label: 'Email responder',
            fields: [
              { kind: 'text', name: 'to', label: 'To', required: true },
              { kind: 'text', name: 'subject', label: 'Subject' },
              { kind: 'text', name: 'body', label: 'Body', multiline: true },
            ],
          },
        },
      ],
    },
  ],
};
