// One contract per resource kind (issue 32 §1): the schema that decides whether a resource's spec is
// valid, the forms that edit it and the values a new one starts with. The console's editors, the
// server's write checks (`/api/db` and service routes) and the GitOps loader all ask the same
// contract, so a spec is never valid in one and refused by another.
//
// zod/mini, as the server and api-client use: the full zod would install its English messages
// process-wide and change every other schema's message.
import type { z } from 'zod/mini';

/** Where a problem is and what it is. `path` is `actions[0].exec.script`; '' for the whole spec. */
export interface ContractIssue {
  path: string;
  message: string;
}

export type Verdict<Spec> =
  { ok: true; value: Spec } | { ok: false; issues: readonly ContractIssue[] };

export interface ContractDefinition<Spec> {
  /** The resource's kind as its manifests spell it: `Playbook`, `Canary`, `Connection`. */
  kind: string;
  /** The API group and version its manifests carry, e.g. `mission-control.flanksource.com/v1`. */
  apiVersion: string;
  /** The schema of the resource's `spec`. */
  schema: z.ZodMiniType<Spec>;
  /** A new resource's spec, before anyone has typed anything. Must pass `validate`. */
  defaults: () => Spec;
}

export interface Contract<Spec> extends ContractDefinition<Spec> {
  /** Checks a spec. Problems are listed in document order, each with its path. */
  validate: (spec: unknown) => Verdict<Spec>;
}

export function defineContract<Spec>(definition: ContractDefinition<Spec>): Contract<Spec> {
  return {
    ...definition,
    validate(spec) {
      const result = definition.schema.safeParse(spec);
      if (result.success) return { ok: true, value: result.data };
      return { ok: false, issues: issuesOf(result.error.issues) };
    },
  };
}

/** `['actions', 0, 'exec']` → `actions[0].exec`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

/** Prefixes every issue's path, so a spec's issues read from the manifest's root (`spec.actions[0]`). */
export function withPrefix(prefix: string, issues: readonly ContractIssue[]): ContractIssue[] {
  return issues.map((issue) => ({
    message: issue.message,
    path:
      issue.path === ''
        ? prefix
        : issue.path.startsWith('[')
          ? `${prefix}${issue.path}`
          : `${prefix}.${issue.path}`,
  }));
}

/** One line naming each problem: `actions[0].exec: an action holds exactly one of …`. */
export function describeIssues(issues: readonly ContractIssue[]): string {
  return issues
    .map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`))
    .join('; ');
}

function issuesOf(issues: readonly z.core.$ZodIssue[]): ContractIssue[] {
  return issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}
