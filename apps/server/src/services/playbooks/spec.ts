import {
  describeIssues,
  playbookContract,
  withPrefix,
  type PlaybookSpec,
} from '@opsdeck/contracts';

// What a valid Playbook spec is belongs to its contract (@opsdeck/contracts, issue 32 §1): the
// console's editor, /api/db, the playbook routes and the GitOps loader all ask it. The runner reads
// the typed value a valid spec parses to.
export {
  actionKind,
  playbookActionKinds as ACTION_KINDS,
  resourceSelectorSchema as selectorSchema,
  type EnvValue,
  type PlaybookAction,
  type PlaybookParameter,
  type PlaybookSpec,
  type ResourceSelector,
  type WebhookTrigger,
} from '@opsdeck/contracts';

// A refusal names at most this many problems; the rest are usually the same mistake.
const MAX_PROBLEMS = 5;

/** A valid spec, or its first problems with the path of each (`spec.actions[2].exec.script: …`). */
export function parsePlaybookSpec(
  value: unknown,
): { ok: true; spec: PlaybookSpec } | { ok: false; message: string } {
  const verdict = playbookContract.validate(value);
  if (verdict.ok) return { ok: true, spec: verdict.value };
  const problems = describeIssues(withPrefix('spec', verdict.issues.slice(0, MAX_PROBLEMS)));
  return { ok: false, message: `playbook validation failed: ${problems}` };
}

/** The spec's approvers, when it has any (a run then waits in pending_approval). */
export function approversOf(spec: PlaybookSpec): { people: string[]; teams: string[] } | undefined {
  const people = spec.approval?.approvers?.people ?? [];
  const teams = spec.approval?.approvers?.teams ?? [];
  return people.length + teams.length > 0 ? { people, teams } : undefined;
}

/** A write of playbook rows: every row still live must hold a valid spec. */
export function checkPlaybookWrite(rows: readonly Record<string, unknown>[]): {
  allowed: boolean;
  reason?: string;
  status?: 400;
} {
  for (const row of rows) {
    if (row.deleted_at) continue;
    const parsed = parsePlaybookSpec(row.spec);
    if (!parsed.ok) return { allowed: false, reason: parsed.message, status: 400 };
  }
  return { allowed: true };
}
