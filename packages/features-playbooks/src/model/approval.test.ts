import { describe, expect, it } from 'vitest';
import { approvalRefusal, approvalSpecOf, approversText } from './approval.ts';

const spec = approvalSpecOf({
  approval: { type: 'any', approvers: { people: ['Admin@local'], teams: ['sre'] } },
});

describe('approvalRefusal, in the server’s order', () => {
  const admin = { id: 'p-admin', email: 'admin@local', memberOf: [] };
  it('refuses without the permission first, whoever is listed', () => {
    expect(
      approvalRefusal({ approval: spec, requesterId: 'x', user: admin, canApprove: false }),
    ).toBe('no-permission');
  });
  it('takes a listed email (any case) or a member of a listed team', () => {
    expect(
      approvalRefusal({ approval: spec, requesterId: 'x', user: admin, canApprove: true }),
    ).toBeUndefined();
    const member = { id: 'p-sre', email: 'someone@local', memberOf: ['sre'] };
    expect(
      approvalRefusal({ approval: spec, requesterId: 'x', user: member, canApprove: true }),
    ).toBeUndefined();
    const other = { id: 'p-other', email: 'other@local', memberOf: [] };
    expect(
      approvalRefusal({ approval: spec, requesterId: 'x', user: other, canApprove: true }),
    ).toBe('not-listed');
  });
  it('never lets the requester approve, listed or not', () => {
    expect(
      approvalRefusal({ approval: spec, requesterId: 'p-admin', user: admin, canApprove: true }),
    ).toBe('own-run');
    const unlisted = approvalSpecOf({ approval: { type: 'any' } });
    expect(
      approvalRefusal({
        approval: unlisted,
        requesterId: 'p-admin',
        user: admin,
        canApprove: true,
      }),
    ).toBe('own-run');
    expect(
      approvalRefusal({ approval: unlisted, requesterId: 'p-x', user: admin, canApprove: true }),
    ).toBeUndefined();
  });
});

describe('approversText', () => {
  it('names listed people where known, then teams, and says whether one is enough', () => {
    expect(approversText(spec, [{ email: 'admin@local', name: 'Ada Admin' }])).toBe(
      'Any one of: Ada Admin (Admin@local), team sre',
    );
    expect(
      approversText(approvalSpecOf({ approval: { approvers: { teams: ['sre', 'db'] } } })),
    ).toBe('Each of: team sre, team db');
    expect(approversText(undefined)).toBe(
      'Anyone allowed to approve playbook runs, except who asked for it',
    );
  });
});
