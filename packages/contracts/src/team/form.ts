// The Team editor's Spec form as data (settings spec §"Schema-resource edit screen": Teams have a
// Spec tab; the Team CRD's fields): what the form checks agrees with teamContract
// (forms.test.ts). Components and notifications are edited in the Code tab (selectors, loose maps).
import type { FormDescription } from '../form/description.ts';

export const teamForm: FormDescription = {
  type: 'team',
  label: 'Team',
  fields: [
    { kind: 'text', name: 'displayName', label: 'Display name' },
    { kind: 'text', name: 'icon', label: 'Icon' },
    {
      kind: 'list',
      name: 'members',
      label: 'Members',
      help: 'People by email or id',
      item: { kind: 'text', label: 'Member', required: true },
    },
  ],
};
