import type { Playbook } from '@opsdeck/api-client/playbooks';
import { parsePath, playbookContract } from '@opsdeck/contracts';
import yaml from 'js-yaml';

// The editor's document is the playbook's `spec` as YAML; the row's columns (title, category,
// description, icon) are copied from it on save, as the CRD's loader does.

/** A new playbook's starting spec: the contract's defaults, valid as they stand. */
export const newPlaybookSpec = yaml.dump(playbookContract.defaults(), { noRefs: true });

export function specText(playbook: Pick<Playbook, 'spec'> | null | undefined): string {
  return playbook?.spec ? yaml.dump(playbook.spec, { noRefs: true }) : newPlaybookSpec;
}

export interface SpecCheck {
  spec: Record<string, unknown> | undefined;
  /** `actions[0].name: an action needs a name`, with the document's own syntax error first. */
  problems: string[];
}

/**
 * The spec's problems by the Playbook contract (the one the server checks a save with), each with
 * its path as keys for the code editor to mark.
 */
export function specProblems(spec: unknown): { path: (string | number)[]; message: string }[] {
  const verdict = playbookContract.validate(spec);
  return verdict.ok
    ? []
    : verdict.issues.map((issue) => ({ path: parsePath(issue.path), message: issue.message }));
}

/** Parses the YAML and checks it against the Playbook contract, with each problem's path. */
export function checkSpecText(text: string): SpecCheck {
  let parsed: unknown;
  try {
    parsed = yaml.load(text);
  } catch (error) {
    return { spec: undefined, problems: [error instanceof Error ? error.message : String(error)] };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { spec: undefined, problems: ['The spec must be a map of fields'] };
  }
  const verdict = playbookContract.validate(parsed);
  const problems = verdict.ok
    ? []
    : verdict.issues.map((issue) =>
        issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`,
      );
  return { spec: parsed as Record<string, unknown>, problems };
}

/** The columns a playbook row carries beside its spec, read from the spec. */
export function columnsFromSpec(spec: Record<string, unknown>) {
  const text = (key: string) => (typeof spec[key] === 'string' ? (spec[key] as string) : undefined);
  return {
    ...(text('title') ? { title: text('title') } : {}),
    ...(text('description') ? { description: text('description') } : {}),
    ...(text('category') ? { category: text('category') } : {}),
    ...(text('icon') ? { icon: text('icon') } : {}),
  };
}
