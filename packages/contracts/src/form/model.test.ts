// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from './validation.ts';
import type { FormDescription } from './description.ts';
import { alertManagerCheck, httpCheck } from '../canary/checks.ts';
import { emailConnection, gitConnection, postgresConnection } from '../connection/connections.ts';
import { defaultValues, isShown, leafFields, submittedValues } from './model.ts';
import { rulesFor } from './rules.ts';

async function errorsOf(
  description: FormDescription,
  values: Record<string, unknown>,
): Promise<Record<string, string>> {
  try {
    await rulesFor(description, values).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((issue) => [issue.path, issue.message]));
  }
}

describe('defaultValues', () => {
  it("fills the spec's defaults under an edited record without overwriting it", () => {
    expect(defaultValues(emailConnection)).toMatchObject({
      namespace: 'default',
      properties: { port: 587, encryptionMethod: 'Auto', authMethod: 'Unknown' },
      insecure_tls: false,
    });
    expect(
      defaultValues(emailConnection, { namespace: 'ops', properties: { port: 25 } }),
    ).toMatchObject({ namespace: 'ops', properties: { port: 25, encryptionMethod: 'Auto' } });
  });

  it('gives a secret-or-reference a static value and a key-value map an empty map', () => {
    expect(defaultValues(httpCheck)).toMatchObject({
      username: { value: '' },
      method: 'GET',
      test: { expr: '' },
    });
    // The HTTP check's headers are a list in the canary wire shape; the alert filters are a map.
    expect(defaultValues(alertManagerCheck)).toMatchObject({ filters: {} });
  });
});

describe('conditions', () => {
  it('shows the credentials of the chosen git authentication only', () => {
    const visible = (values: Record<string, unknown>) =>
      leafFields(gitConnection.fields, values).map((field) => field.path);
    expect(visible(defaultValues(gitConnection))).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    expect(visible(defaultValues(gitConnection))).not.toContain('certificate');
    const ssh = defaultValues(gitConnection, { properties: { authentication: 'ssh' } });
    expect(visible(ssh)).toContain('certificate');
    expect(visible(ssh)).not.toContain('username');
  });

  it('reads equals, oneOf and isSet, all of a list having to hold', () => {
    const field = {
      kind: 'text',
      name: 'x',
      label: 'X',
      when: [
        { name: 'a', oneOf: ['POST', 'PUT'] },
        { name: 'b', isSet: true },
      ],
    } as const;
    expect(isShown(field, { a: 'POST', b: 'yes' })).toBe(true);
    expect(isShown(field, { a: 'GET', b: 'yes' })).toBe(false);
    expect(isShown(field, { a: 'PUT', b: '' })).toBe(false);
  });

  it('drops hidden fields from the submitted value and keeps keys the form does not know', () => {
    const values = {
      ...defaultValues(gitConnection, { properties: { authentication: 'ssh' } }),
      certificate: 'KEY',
      username: { value: 'stale' },
      extra: 1,
    };
    const submitted = submittedValues(gitConnection, values);
    expect(submitted).not.toHaveProperty('username');
    expect(submitted).not.toHaveProperty('password');
    expect(submitted).toMatchObject({
      certificate: 'KEY',
      extra: 1,
      properties: { authentication: 'ssh', ref: 'main' },
    });
  });
});

describe('derived rules', () => {
  it('requires what the description requires, with the spec message', async () => {
    const errors = await errorsOf(postgresConnection, defaultValues(postgresConnection));
    expect(errors).toEqual({ name: REQUIRED_MESSAGE, url: REQUIRED_MESSAGE });
    // Formik hands empty inputs to yup as undefined.
    expect(
      await errorsOf(postgresConnection, {
        ...defaultValues(postgresConnection),
        name: undefined,
        url: undefined,
      }),
    ).toEqual({ name: REQUIRED_MESSAGE, url: REQUIRED_MESSAGE });
  });

  it('checks formats, bounds and options', async () => {
    const values = {
      ...defaultValues(emailConnection),
      name: 'Bad_Name',
      properties: { host: 'smtp', port: 70000, encryptionMethod: 'Carrier pigeon' },
    };
    const errors = await errorsOf(emailConnection, values);
    expect(errors.name).toMatch(/^Must be lowercase/);
    expect(errors['properties.port']).toBe('Must be at most 65535');
    expect(errors['properties.encryptionMethod']).toBe(
      'Must be one of: None, ExplicitTLS, ImplicitTLS, Auto',
    );
  });

  it('does not check hidden fields, and checks them once shown', async () => {
    const basic = {
      ...defaultValues(gitConnection),
      name: 'repo',
      url: 'https://git.example/repo.git',
    };
    expect(Object.keys(await errorsOf(gitConnection, basic))).toEqual([
      'username.value',
      'password.value',
    ]);
    const ssh = { ...basic, properties: { authentication: 'ssh', ref: 'main' } };
    expect(await errorsOf(gitConnection, ssh)).toEqual({ certificate: REQUIRED_MESSAGE });
  });

  it('holds numeric minimums at 0 and a key-value field to a map of text', async () => {
    const values = {
      ...defaultValues(httpCheck),
      name: 'api',
      url: 'https://x',
      thresholdMillis: -1,
    };
    const errors = await errorsOf(httpCheck, values);
    expect(errors).toEqual({
      thresholdMillis: 'Must be at least 0',
    });
    const alerts = { ...defaultValues(alertManagerCheck), name: 'alerts', url: 'http://am' };
    expect(await errorsOf(alertManagerCheck, { ...alerts, filters: ['not', 'a map'] })).toEqual({
      filters: 'Must be a map of text values',
    });
  });
});
