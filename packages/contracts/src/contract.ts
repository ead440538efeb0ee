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
      // The input at each issue tells a missing field (`is required`) from a wrong one.
      const result = definition.schema.safeParse(spec, { reportInput: true });
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

/** `actions[0].exec` → `['actions', 0, 'exec']`, for an editor that marks the place in the document. */
export function parsePath(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    keys.push(index === undefined ? key! : Number(index));
  return keys;
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
  return issues.map((issue) => ({ path: formatPath(issue.path), message: messageOf(issue) }));
}

// zod/mini ships no messages: where a schema gave none, say what was expected.
const GENERIC = 'Invalid input';
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.message !== GENERIC) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((value) => String(value)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `needs at least ${String(issue.minimum)} item(s)`
        : issue.origin === 'string'
          ? issue.minimum === 1
            ? 'must not be empty'
            : `must be at least ${String(issue.minimum)} characters`
          : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `takes at most ${String(issue.maximum)} item(s)`
        : `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `unknown field(s): ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  if (expected === 'array') return 'a list';
  if (expected === 'object') return 'a map of fields';
  if (expected === 'int') return 'a whole number';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
