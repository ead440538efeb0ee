// Who may approve a run, and why the current user may not: the server's rules (approveRun in
// apps/server), told before the click rather than after it. The server still decides.

/** A run's approval spec (`spec.approval`): who is listed, and whether one approval is enough. */
export interface ApprovalSpec {
  type: 'any' | 'all';
  people: string[];
  teams: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The approval spec of a run's spec, or undefined when it asks for none. */
export function approvalSpecOf(spec: unknown): ApprovalSpec | undefined {
  const approval = (spec as { approval?: unknown } | null | undefined)?.approval;
  if (!approval || typeof approval !== 'object') return undefined;
  const { type, approvers } = approval as { type?: unknown; approvers?: unknown };
  const listed = (approvers ?? {}) as { people?: unknown; teams?: unknown };
  return {
    type: type === 'any' ? 'any' : 'all',
    people: strings(listed.people),
    teams: strings(listed.teams),
  };
}

/** Why the current user cannot approve a run. */
export type ApprovalRefusal = 'no-permission' | 'not-listed' | 'own-run';

export const approvalRefusalText: Record<ApprovalRefusal, string> = {
  'no-permission':
    'You cannot approve: approving playbook runs needs the playbook:approve permission (write on playbook runs).',
  'not-listed': 'You cannot approve: you are not one of this playbook’s approvers.',
  'own-run': 'You cannot approve your own run: another approver must.',
};

export interface ApprovalStandingInput {
  approval: ApprovalSpec | undefined;
  /** The run's requester (a person id), when known. */
  requesterId: string | undefined;
  /** The signed-in user, when known; `memberOf` is the listed teams they are in. */
  user: { id: string; email?: string | null | undefined; memberOf: readonly string[] } | undefined;
  /** Whether the role matrix (and permission rows) let the user approve playbook runs. */
  canApprove: boolean;
}

/**
 * Whether the user may approve, in the server's order: the permission, then being listed (by
 * email, or as a member of a listed team; with nobody listed, the permission is enough), then
 * never one's own run. Undefined: they may (or it cannot be told here, and the server decides).
 */
export function approvalRefusal({
  approval,
  requesterId,
  user,
  canApprove,
}: ApprovalStandingInput): ApprovalRefusal | undefined {
  if (!canApprove) return 'no-permission';
  if (!user) return undefined;
  const listed = (approval?.people.length ?? 0) + (approval?.teams.length ?? 0) > 0;
  if (listed && approval) {
    const email = (user.email ?? '').toLowerCase();
    const asPerson = email !== '' && approval.people.some((p) => p.toLowerCase() === email);
    const asMember = approval.teams.some((team) => user.memberOf.includes(team));
    if (!asPerson && !asMember) return 'not-listed';
  }
  if (requesterId !== undefined && requesterId === user.id) return 'own-run';
  return undefined;
}

/** Who may approve, in words: the listed people (by name where known) and teams. */
export function approversText(
  approval: ApprovalSpec | undefined,
  people: readonly { email: string; name?: string | undefined }[] = [],
): string {
  const names = (approval?.people ?? []).map((email) => {
    const name = people.find((person) => person.email.toLowerCase() === email.toLowerCase())?.name;
    return name ? `${name} (${email})` : email;
  });
  const teams = (approval?.teams ?? []).map((team) => `team ${team}`);
  const all = [...names, ...teams];
  if (all.length === 0) return 'Anyone allowed to approve playbook runs, except who asked for it';
  const joined = all.join(', ');
  if (all.length === 1) return joined;
  return approval?.type === 'any' ? `Any one of: ${joined}` : `Each of: ${joined}`;
}
