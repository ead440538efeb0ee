// Issue 32 §1: the Team, Notification, NotificationSilence, IncidentRule and Permission forms (described as data) and their
// contracts give the same verdict on the same specs, and a refusal names the same field, so what
// the editor accepts is not refused on save. The rules that join fields are the contract's alone:
// each such case says so, and the form accepts it (the editor shows the save's reason).
import { describe, expect, it } from 'vitest';
import type { Contract } from './contract.ts';
import type { FormDescription } from './form/description.ts';
import { formIssues } from './form/issues.ts';
import { incidentRuleContract } from './incidentRule/contract.ts';
import { incidentRuleForm } from './incidentRule/form.ts';
import { notificationContract, notificationSilenceContract } from './notification/contract.ts';
import { notificationForm, notificationSilenceForm } from './notification/form.ts';
import { permissionContract } from './permission/contract.ts';
import { permissionForm } from './permission/form.ts';
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
  {
    kind: 'IncidentRule',
    form: incidentRuleForm,
    contract: incidentRuleContract as Contract<unknown>,
    examples: [
      {
        label: 'the defaults',
        spec: incidentRuleContract.defaults() as Record<string, unknown>,
        valid: true,
      },
      {
        label: 'critical failures for 15m, closed after a day, mailed',
        spec: {
          name: 'critical',
          priority: 2,
          breakOnMatch: false,
          filter: { severity: ['critical'], status: ['unhealthy'], age: '15m' },
          template: {
            title: '{{.check.name}} failing',
            severity: 'critical',
            type: 'availability',
          },
          autoClose: { timeout: '24h' },
          responders: { email: [{ to: 'sre@example.com', subject: 'Incident' }] },
          components: [{ name: 'api' }],
        },
        valid: true,
      },
      {
        label: 'a priority that is not whole',
        spec: { priority: 1.5 },
        valid: false,
        path: 'priority',
      },
      {
        label: 'an age that is no duration',
        spec: { filter: { age: 'a while' } },
        valid: false,
        path: 'filter.age',
      },
      {
        label: 'an auto-resolve that is no duration',
        spec: { autoResolve: { timeout: 'soon' } },
        valid: false,
        path: 'autoResolve.timeout',
      },
      {
        label: 'an auto-close without its timeout',
        spec: { autoClose: {} },
        valid: false,
        path: 'autoClose.timeout',
        contractOnly:
          'the form leaves an empty auto-close group unset; only the Code tab writes one without its timeout',
      },
      {
        label: 'an email responder without its address',
        spec: { responders: { email: [{ subject: 'Incident' }] } },
        valid: false,
        path: 'responders.email[0].to',
      },
    ],
  },
  {
    kind: 'Permission',
    form: permissionForm,
    contract: permissionContract as Contract<unknown>,
    examples: [
      {
        label: 'the defaults',
        spec: permissionContract.defaults() as Record<string, unknown>,
        valid: true,
      },
      {
        label: 'a team denied running playbooks',
        spec: {
          description: 'no runs',
          subject: { team: 'contractors' },
          actions: ['playbook:run', 'playbook:approve'],
          deny: true,
          object: { playbooks: [{ name: '*' }] },
        },
        valid: true,
      },
      {
        label: 'no actions',
        spec: { subject: { person: 'ada@example.com' }, actions: [], object: { catalog: true } },
        valid: false,
        path: 'actions',
      },
      {
        label: 'an empty action',
        spec: { subject: { team: 'sre' }, actions: ['read', ''], object: { catalog: true } },
        valid: false,
        path: 'actions[1]',
      },
      {
        label: 'two subjects',
        spec: {
          subject: { team: 'sre', person: 'ada@example.com' },
          actions: ['read'],
          object: { catalog: true },
        },
        valid: false,
        path: 'subject',
        contractOnly: 'exactly one subject joins the subject fields',
      },
      {
        label: 'no object',
        spec: { subject: { team: 'sre' }, actions: ['read'] },
        valid: false,
        path: 'object',
        contractOnly: 'the object is selectors edited in the Code tab, not a form field',
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
