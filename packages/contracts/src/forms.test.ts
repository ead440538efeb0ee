// Issue 32 §1: the Team, Notification and NotificationSilence forms (described as data) and their
// contracts give the same verdict on the same specs, and a refusal names the same field, so what
// the editor accepts is not refused on save. The rules that join fields are the contract's alone:
// each such case says so, and the form accepts it (the editor shows the save's reason).
import { describe, expect, it } from 'vitest';
import type { Contract } from './contract.ts';
import type { FormDescription } from './form/description.ts';
import { formIssues } from './form/issues.ts';
import { notificationContract, notificationSilenceContract } from './notification/contract.ts';
import { notificationForm, notificationSilenceForm } from './notification/form.ts';
import { teamContract } from './team/contract.ts';
import { teamForm } from './team/form.ts';

interface Example {
  label: string;
  spec: Record<string, unknown>;
  valid: boolean;
  /** The field both name first. */
  path?: string;
  /** A rule joining fields, which only the contract checks: why the form accepts it. */
  contractOnly?: string;
}

const kinds: {
  kind: string;
  form: FormDescription;
  contract: Contract<unknown>;
  examples: Example[];
}[] = [
  {
    kind: 'Team',
    form: teamForm,
    contract: teamContract as Contract<unknown>,
    examples: [
      { label: 'empty', spec: {}, valid: true },
      {
        label: 'members and a display name',
        spec: { displayName: 'SRE', members: ['ada@example.com'], components: [{ name: 'api' }] },
        valid: true,
      },
      {
        label: 'an empty member',
        spec: { members: ['ada@example.com', ''] },
        valid: false,
        path: 'members[1]',
      },
    ],
  },
  {
    kind: 'Notification',
    form: notificationForm,
    contract: notificationContract as Contract<unknown>,
    examples: [
      {
        label: 'the defaults',
        spec: notificationContract.defaults() as Record<string, unknown>,
        valid: true,
      },
      {
        label: 'to a team, repeated every 4h',
        spec: {
          events: ['check.failed', 'check.passed'],
          to: { team: 'sre' },
          repeatInterval: '4h',
          waitFor: '1h30m',
        },
        valid: true,
      },
      {
        label: 'an empty event',
        spec: { events: [''], to: { email: 'a@example.com' } },
        valid: false,
        path: 'events[0]',
      },
      {
        label: 'a repeat interval that is no duration',
        spec: { events: ['check.failed'], to: { email: 'a@example.com' }, repeatInterval: 'daily' },
        valid: false,
        path: 'repeatInterval',
      },
      {
        label: 'two recipients',
        spec: { events: ['check.failed'], to: { email: 'a@example.com', team: 'sre' } },
        valid: false,
        path: 'to',
        contractOnly: 'exactly one recipient joins the six recipient fields',
      },
    ],
  },
  {
    kind: 'NotificationSilence',
    form: notificationSilenceForm,
    contract: notificationSilenceContract as Contract<unknown>,
    examples: [
      {
        label: 'the defaults',
        spec: notificationSilenceContract.defaults() as Record<string, unknown>,
        valid: true,
      },
      {
        label: 'a check until a date',
        spec: {
          check_id: 'c1',
          from: '2025-03-01T00:00:00Z',
          until: '2025-03-02',
          description: 'deploy',
        },
        valid: true,
      },
      {
        label: 'an until that is no date',
        spec: { check_id: 'c1', until: 'tomorrow' },
        valid: false,
        path: 'until',
      },
      {
        label: 'scoped to nothing',
        spec: { description: 'everything' },
        valid: false,
        path: '',
        contractOnly: 'a silence needs one of filter, selectors or a resource id',
      },
      {
        label: 'until before from',
        spec: { check_id: 'c1', from: '2025-03-02', until: '2025-03-01' },
        valid: false,
        path: 'until',
        contractOnly: 'until after from joins two fields',
      },
    ],
  },
];

describe.each(kinds)('$kind form and contract', ({ form, contract, examples }) => {
  it.each(examples.map((example) => [example.label, example] as const))('%s', (_label, example) => {
    const verdict = contract.validate(example.spec);
    const formProblems = formIssues(form, example.spec);
    expect(verdict.ok, 'the contract').toBe(example.valid);
    if (!verdict.ok) expect(verdict.issues[0]?.path).toBe(example.path);
    if (example.contractOnly) {
      expect(formProblems, `the form leaves it to the contract: ${example.contractOnly}`).toEqual(
        [],
      );
      return;
    }
    expect(formProblems.length === 0, 'the form').toBe(example.valid);
    if (!example.valid) expect(formProblems[0]?.path).toBe(example.path);
  });
});
