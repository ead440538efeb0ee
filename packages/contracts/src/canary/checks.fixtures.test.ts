// @vitest-environment node
// Every check of the real canaries under shared/fixtures/canaries (read in place, never copied)
// must survive the health-check editor: opened in its type's form and saved unchanged, nothing a
// condition hides or a choice starts on wrongly may be dropped.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from 'js-yaml';
import { fixturePath } from '@opsdeck/testing';
import { describe, expect, it } from 'vitest';
import type { FormDescription } from '../form/description.ts';
import { defaultValues, submittedValues, type FormValues } from '../form/model.ts';
import { checkTypes, folderCheck, sqlCheck } from './checks.ts';

const root = `${fixturePath('canaries')}/`;

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) && entry !== 'kustomization.yaml' ? [path] : [];
  });
}

const byKey = new Map<string, FormDescription>([
  ...checkTypes.map((type) => [type.type, type] as const),
  // The SQL checks share one form; the folder key is the Folder type's (GCS, S3… are folders too).
  ['postgres', sqlCheck],
  ['mysql', sqlCheck],
  ['mssql', sqlCheck],
  ['folder', folderCheck],
]);

type Case = [string, FormDescription, FormValues];

const cases: Case[] = yamlFiles(root).flatMap((file) =>
  loadAll(readFileSync(file, 'utf8')).flatMap((document): Case[] => {
    const canary = document as { kind?: string; spec?: Record<string, unknown> } | null;
    if (canary?.kind !== 'Canary' || !canary.spec) return [];
    return Object.entries(canary.spec).flatMap(([key, checks]) => {
      const description = byKey.get(key);
      if (!description || !Array.isArray(checks)) return [];
      return checks.map((check, index): Case => {
        const name = `${file.slice(root.length)} ${key}[${index}]`;
        return [name, description, check as FormValues];
      });
    });
  }),
);

describe('real canary checks open and save unchanged', () => {
  it('finds the fixtures', () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases)('%s', (_name, description, check) => {
    const saved = submittedValues(description, defaultValues(description, check));
    expect(saved).toMatchObject(check);
  });
});
