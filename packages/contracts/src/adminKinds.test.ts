// The contracts-a kinds (Team, IncidentRule, Notification, NotificationSilence, Permission): each accepts
// its defaults and names each problem by its path.
import { describe, expect, it } from 'vitest';
import {
  incidentRuleContract,
  notificationContract,
  notificationSilenceContract,
  permissionContract,
  teamContract,
  type Contract,
} from './index.ts';

const firstPath = (contract: Contract<unknown>, spec: unknown) => {
  const verdict = contract.validate(spec);
  return verdict.ok ? undefined : verdict.issues[0]!.path;
};

describe.each([
  teamContract,
  incidentRuleContract,
  notificationContract,
  notificationSilenceContract,
  permissionContract,
] as Contract<unknown>[])('the $kind contract', (contract) => {
  it('accepts its defaults', () => {
    expect(contract.validate(contract.defaults())).toMatchObject({ ok: true });
    expect(contract.apiVersion).toBe('mission-control.flanksource.com/v1');
  });
});

describe('refusals name their path', () => {
  const to = { email: 'a@b.c' };
  it.each([
    ['a team member that is not text', teamContract, { members: [5] }, 'members[0]'],
    [
      'an incident rule auto-close that is no duration',
      incidentRuleContract,
      { autoClose: { timeout: 'later' } },
      'autoClose.timeout',
    ],
    ['an incident rule priority of text', incidentRuleContract, { priority: 'high' }, 'priority'],
    ['a notification without events', notificationContract, { events: [], to }, 'events'],
    ['a notification to nobody', notificationContract, { events: ['check.failed'], to: {} }, 'to'],
    [
      'a notification to two recipients',
      notificationContract,
      { events: ['x'], to: { ...to, team: 't' } },
      'to',
    ],
    [
      'a notification repeat that is no duration',
      notificationContract,
      { events: ['x'], to, repeatInterval: 'often' },
      'repeatInterval',
    ],
    [
      'an inhibition of an unknown direction',
      notificationContract,
      { events: ['x'], to, inhibitions: [{ direction: 'up', from: 'a', to: ['b'] }] },
      'inhibitions[0].direction',
    ],
    ['a silence of everything', notificationSilenceContract, { description: 'all' }, ''],
    [
      'a silence that ends before it starts',
      notificationSilenceContract,
      { filter: 'true', from: '2025-02-01', until: '2025-01-01' },
      'until',
    ],
    [
      'a silence from no date',
      notificationSilenceContract,
      { filter: 'true', from: 'soon' },
      'from',
    ],
    [
      'a permission about nobody',
      permissionContract,
      { subject: {}, actions: ['read'], object: {} },
      'subject',
    ],
    [
      'a permission without actions',
      permissionContract,
      { subject: { person: 'p' }, actions: [], object: {} },
      'actions',
    ],
    [
      'a permission without objects',
      permissionContract,
      { subject: { person: 'p' }, actions: ['read'] },
      'object',
    ],
  ] as [string, Contract<unknown>, unknown, string][])('%s', (_name, contract, spec, path) => {
    expect(firstPath(contract, spec)).toBe(path);
  });
});
