// The Permission editor's form as data (settings spec §"Permission" and §"Permission editor
// values": one subject — team, person or notification —, the actions, a deny; the Permission
// CRD's fields): what the form checks agrees with permissionContract (forms.test.ts). The rule
// joining the subject fields (exactly one) is the contract's alone; the object (selectors by
// kind, or a global object) is edited in the Code tab, so its presence is the contract's too.
import type { FormDescription } from '../form/description.ts';

export const permissionForm: FormDescription = {
  type: 'permission',
  label: 'Permission',
  fields: [
    { kind: 'text', name: 'description', label: 'Description', multiline: true },
    {
      kind: 'group',
      name: 'subject',
      label: 'Subject',
      help: 'Exactly one',
      fields: [
        { kind: 'text', name: 'team', label: 'Team' },
        { kind: 'text', name: 'person', label: 'Person' },
        { kind: 'text', name: 'notification', label: 'Notification' },
      ],
    },
    {
      kind: 'list',
      name: 'actions',
      label: 'Actions',
      help: 'read, update, create, delete, *, playbook:run, playbook:approve…',
      minItems: 1,
      item: { kind: 'text', label: 'Action', required: true, placeholder: 'read' },
    },
    { kind: 'switch', name: 'deny', label: 'Deny' },
  ],
};
