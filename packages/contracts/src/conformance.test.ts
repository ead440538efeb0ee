// Issue 32 §1, contracts-b's kinds: every canary and connection fixture (read in place) and invalid
// variants of each, through the contract and through the editor's own validation (SchemaForm's
// formik schema on the values it opens), with the same verdict and the same path. The server's
// write check runs the same entries in apps/server (conformance/contracts.conformance.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { ValidationError } from 'yup';
import { describe, expect, it } from 'vitest';
import { canaryContract, checkFormsByKey, checkFormValues } from './canary/contract.ts';
import {
  canaryEntries,
  canaryVariants,
  checkTypesWithoutForm,
  type ConformanceEntry,
  type FixtureDocument,
} from './canary/fixtures.conformance.ts';
import {
  connectionContract,
  connectionFormsByType,
  connectionRecordOf,
  withValueSources,
} from './connection/contract.ts';
import {
  connectionEntries,
  connectionTypesWithoutForm,
  connectionVariants,
} from './connection/fixtures.conformance.ts';
import type { FormDescription } from './form/description.ts';
import { defaultValues, type FormValues } from './form/model.ts';
import { validationSchemaOf } from './form/rules.ts';

function documentsOf(folder: string, kind: string): FixtureDocument[] {
  const root = fixturePath('.');
  const walk = (path: string): string[] =>
    statSync(path).isDirectory()
      ? readdirSync(path).flatMap((entry) => walk(join(path, entry)))
      : /\.ya?ml$/.test(path)
        ? [path]
        : [];
  return walk(fixturePath(folder)).flatMap((file) =>
    (loadAll(readFileSync(file, 'utf8')) as { kind?: string; spec?: Record<string, unknown> }[])
      .filter((document) => document?.kind === kind && document.spec)
      .map((document) => ({ file: relative(root, file), spec: document.spec! })),
  );
}

/** The editor: SchemaForm's validation schema on the values SchemaForm opens `record` with. */
function editorPaths(form: FormDescription, record: FormValues): string[] {
  const values = defaultValues(form, record);
  try {
    validationSchemaOf(form).validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.map((inner) => inner.path ?? '');
  }
}

/** Every check with a form, as the health-check editor checks it; paths from the spec's root. */
function canaryEditorPaths(spec: Record<string, unknown>): string[] {
  return Object.entries(spec).flatMap(([key, checks]) => {
    const form = checkFormsByKey.get(key);
    if (!form || !Array.isArray(checks)) return [];
    return checks.flatMap((check, index) =>
      typeof check === 'object' && check !== null
        ? editorPaths(form, checkFormValues(key, check) as FormValues).map(
            (path) => `${key}[${index}].${path}`,
          )
        : [],
    );
  });
}

function expectVerdict(
  entry: ConformanceEntry,
  issues: readonly { path: string; message: string }[],
) {
  if (entry.valid) {
    expect(issues).toEqual([]);
    return;
  }
  expect(issues[0]?.path).toBe(entry.path);
  if (entry.message) expect(issues[0]?.message).toBe(entry.message);
}

const canaries = documentsOf('canaries', 'Canary');
const canaryCases = [...canaryEntries(canaries), ...canaryVariants];
const connections = documentsOf('mission-control/connections', 'Connection');
const connectionCases = [...connectionEntries(connections), ...connectionVariants];

describe('Canary conformance', () => {
  it('covers every canary fixture', () => {
    expect(canaries.length).toBe(80);
    expect(canaryCases.filter((entry) => entry.valid).length).toBeGreaterThanOrEqual(80);
  });

  it('has a form for every check type of the fixtures, or lists why not', () => {
    // Every list in a canary spec is a check type (the canary's own fields are scalars or maps).
    const keys = new Set(
      canaries.flatMap(({ spec }) => Object.keys(spec).filter((key) => Array.isArray(spec[key]))),
    );
    const missing = [...keys].filter((key) => !checkFormsByKey.has(key));
    expect(missing.sort()).toEqual(Object.keys(checkTypesWithoutForm).sort());
  });

  it.each(canaryCases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const verdict = canaryContract.validate(entry.spec);
    expectVerdict(entry, verdict.ok ? [] : verdict.issues);
    // The editor refuses what it has a form for at the same path, and accepts every valid spec.
    const editor = canaryEditorPaths(entry.spec);
    if (entry.valid) expect(editor).toEqual([]);
    else if (
      entry.path &&
      checkFormsByKey.has(entry.path.split('[')[0]!) &&
      entry.path.includes('[')
    )
      expect(editor).toContain(entry.path);
  });
});

describe('Connection conformance', () => {
  it('covers every connection fixture', () => {
    expect(connections.length).toBe(4);
  });

  it('has a form for every connection type of the fixtures, or lists why not', () => {
    const missing = connections
      .map(({ spec }) => connectionRecordOf(spec)?.type ?? '')
      .filter((type) => !connectionFormsByType.has(type));
    expect(missing.sort()).toEqual(Object.keys(connectionTypesWithoutForm).sort());
  });

  it.each(connectionCases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const verdict = connectionContract.validate(entry.spec);
    expectVerdict(entry, verdict.ok ? [] : verdict.issues);
    const found = connectionRecordOf(entry.spec);
    const form = found && connectionFormsByType.get(found.type);
    if (!found || !form) return;
    // The connection editor opens the record: refuses it at the record's path, or accepts it.
    const record = { name: 'fixture', namespace: 'default', ...found.record };
    const editor = editorPaths(form, withValueSources(form, record));
    if (entry.valid) expect(editor).toEqual([]);
    else expect(editor).toContain(entry.recordPath);
  });
});
