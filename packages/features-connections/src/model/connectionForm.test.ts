import type { Connection } from '@opsdeck/api-client/connections';
import { connectionTypes, notificationConnectionTypes } from '@opsdeck/contracts/connection';
import {
  defaultValues,
  getPath,
  leafFields,
  setPath,
  submittedValues,
  type FormDescription,
  type FormValues,
} from '@opsdeck/contracts/form';
import { describe, expect, it } from 'vitest';
import { connectionValuesOf, connectionWriteOf, textOfValueSource } from './connectionForm.ts';

/** A value for every field of a form, as a user would type it. */
function filled(form: FormDescription): FormValues {
  let values = defaultValues(form);
  for (const field of leafFields(form.fields)) {
    const sample = `v${field.path.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
    switch (field.kind) {
      case 'text':
        values = setPath(
          values,
          field.path,
          field.path === 'properties.url' ? 'https://hooks.example.internal/a' : sample,
        );
        break;
      case 'number':
        values = setPath(values, field.path, 8443);
        break;
      case 'list':
        values = setPath(values, field.path, ['c1', 'c2']);
        break;
      case 'secret-or-reference':
        values = setPath(values, field.path, { value: `${sample}-secret` });
        break;
      default:
        break;
    }
  }
  return values;
}

/** The record paths a url template reads (`{properties.host}`, `{+properties.url}`). */
const templatePaths = (template: string) =>
  [...template.matchAll(/\{\+?([\w.]+)(?:\|[^}]*)?\}/g)].map((match) => match[1]!);

const row = (write: Record<string, unknown>): Connection =>
  ({ id: 'x', ...write }) as unknown as Connection;

describe('the connection form ↔ the record', () => {
  it.each(notificationConnectionTypes.filter((form) => form.url).map((form) => [form.type, form]))(
    '%s: the url built on submit is read back into every field it was built from',
    (_type, form) => {
      const values = filled(form);
      const write = connectionWriteOf(form, submittedValues(form, values));
      expect(typeof write.url).toBe('string');
      // Secrets stay out of the url: it references them.
      for (const field of leafFields(form.fields))
        if (field.kind === 'secret-or-reference' && field.sensitive)
          expect(write.url).not.toContain(`${String(getPath(values, field.path) ?? '')}`);
      // Only the url: what the fields get back comes from parsing it.
      const back = connectionValuesOf(form, row({ name: write.name, url: write.url }));
      for (const path of templatePaths(form.url!))
        expect(getPath(back, path), path).toEqual(getPath(values, path));
    },
  );

  it.each(connectionTypes.map((form) => [form.type, form]))(
    '%s: every field shown and saved is read back the same (secrets as value sources)',
    (_type, form) => {
      const values = filled(form);
      const write = connectionWriteOf(form, submittedValues(form, values));
      expect(write.type).toBe(form.type);
      const back = connectionValuesOf(form, row(write as Record<string, unknown>));
      // The fields shown for these values (a field hidden by a condition is not submitted).
      for (const field of leafFields(form.fields, values))
        expect(getPath(back, field.path), field.path).toEqual(getPath(values, field.path));
    },
  );

  it('a reference is written as the record keeps it, a typed secret as itself', () => {
    expect(textOfValueSource({ value: 's3cret' })).toBe('s3cret');
    expect(textOfValueSource({ valueFrom: { secretKeyRef: { name: 'db', key: 'pw' } } })).toBe(
      'secret://db/pw',
    );
    expect(
      textOfValueSource({ valueFrom: { configMapKeyRef: { name: 'cfg', key: 'user' } } }),
    ).toBe('configmap://cfg/user');
  });
});
