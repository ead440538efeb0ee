import type { PlaybookParameter } from '@opsdeck/api-client/playbooks';
import { fixturePath } from '@opsdeck/testing';
import { DNS1123_MESSAGE, NUMBER_MESSAGE, REQUIRED_MESSAGE } from '@opsdeck/ui/forms';
import yaml from 'js-yaml';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  codeHeight,
  initialParameterValues,
  modalSizeFor,
  parameterControl,
  parameterRule,
  parameterSchema,
  submittedParameters,
} from './parameters.ts';

const param = (overrides: Partial<PlaybookParameter>): PlaybookParameter => ({
  name: 'value',
  ...overrides,
});

/** The rule's message for `value`, or undefined when it passes. */
async function problem(parameter: PlaybookParameter, value: unknown): Promise<string | undefined> {
  try {
    await parameterRule(parameter).validate(value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('each parameter type as a control', () => {
  it.each([
    ['checkbox', { kind: 'checkbox' }],
    ['team', { kind: 'team' }],
    ['people', { kind: 'people' }],
    ['bytes', { kind: 'bytes' }],
    ['millicores', { kind: 'millicores' }],
  ] as const)('%s', (type, control) => {
    expect(parameterControl(param({ type }))).toEqual(control);
  });

  it('text is the default, multiline from "true" or true', () => {
    expect(parameterControl(param({}))).toMatchObject({ kind: 'text', multiline: false });
    expect(
      parameterControl(param({ type: 'text', properties: { multiline: 'true' } })),
    ).toMatchObject({ kind: 'text', multiline: true });
  });

  it('list options keep their labels and values', () => {
    expect(
      parameterControl(
        param({ type: 'list', properties: { options: [{ label: 'One', value: 'one' }] } }),
      ),
    ).toEqual({ kind: 'list', options: [{ value: 'one', label: 'One' }] });
  });

  it('code defaults to yaml and medium', () => {
    expect(parameterControl(param({ type: 'code' }))).toEqual({
      kind: 'code',
      language: 'yaml',
      size: 'medium',
    });
    expect(
      parameterControl(param({ type: 'code', properties: { language: 'json', size: 'large' } })),
    ).toEqual({ kind: 'code', language: 'json', size: 'large' });
  });

  it('component, config and check pick resources with the first filter selector', () => {
    expect(
      parameterControl(
        param({ type: 'component', properties: { filter: [{ types: ['KubernetesPod'] }] } }),
      ),
    ).toEqual({ kind: 'resource', resource: 'component', selector: { types: ['KubernetesPod'] } });
    expect(parameterControl(param({ type: 'config' }))).toEqual({
      kind: 'resource',
      resource: 'config',
    });
    expect(parameterControl(param({ type: 'check' }))).toEqual({
      kind: 'resource',
      resource: 'check',
    });
  });

  it('text formats: bytes, millicores, dns1123, number with bounds, password', () => {
    const format = (value: string, extra = {}) =>
      parameterControl(param({ properties: { format: value, ...extra } }));
    expect(format('bytes')).toEqual({ kind: 'bytes' });
    expect(format('millicores')).toEqual({ kind: 'millicores' });
    expect(format('dns1123')).toEqual({ kind: 'dns1123' });
    expect(format('number', { min: '1', max: 5 })).toEqual({ kind: 'number', min: 1, max: 5 });
    expect(format('password')).toMatchObject({ kind: 'text', inputType: 'password' });
  });
});

describe('§5 validation per type', () => {
  it('required fields say "This field is required"', async () => {
    for (const type of ['text', 'list', 'team', 'people', 'component', 'config', 'check', 'code']) {
      expect(await problem(param({ type, required: true }), undefined)).toBe(REQUIRED_MESSAGE);
    }
    expect(await problem(param({ type: 'text' }), undefined)).toBeUndefined();
  });

  it('text honours min length, max length and regex', async () => {
    const text = param({ properties: { minLength: 3, maxLength: '5', regex: '^[a-z]+$' } });
    expect(await problem(text, 'ab')).toBe('Must be at least 3 characters');
    expect(await problem(text, 'abcdef')).toBe('Must be at most 5 characters');
    expect(await problem(text, 'ABC')).toBe('Must match ^[a-z]+$');
    expect(await problem(text, 'abcd')).toBeUndefined();
  });

  it('a regex that does not compile does not block the form', async () => {
    expect(await problem(param({ properties: { regex: '([' } }), 'anything')).toBeUndefined();
  });

  it('multiline text follows the same rules', async () => {
    const area = param({ properties: { multiline: true, maxLength: 4 } });
    expect(await problem(area, 'a\nbcd')).toBe('Must be at most 4 characters');
  });

  it('dns1123: lowercase labels split by dots, alphanumeric at both ends', async () => {
    const dns = param({ properties: { format: 'dns1123' } });
    expect(await problem(dns, 'my-app.prod')).toBeUndefined();
    expect(await problem(dns, 'My_App')).toBe(DNS1123_MESSAGE);
    expect(await problem(dns, '-app')).toBe(DNS1123_MESSAGE);
  });

  it('number: non-numeric input says "This field must be a number"; bounds hold', async () => {
    const number = param({ properties: { format: 'number', min: 1, max: 10 } });
    expect(await problem(number, 'abc')).toBe(NUMBER_MESSAGE);
    expect(await problem(number, 0)).toBe('Must be at least 1');
    expect(await problem(number, 7)).toBeUndefined();
  });

  it('bytes need a number and a unit Mi, Gi or Ti; millicores a number and m', async () => {
    expect(await problem(param({ type: 'bytes' }), '512Mi')).toBeUndefined();
    expect(await problem(param({ type: 'bytes' }), '512MB')).toBe(NUMBER_MESSAGE);
    expect(await problem(param({ type: 'millicores' }), '500m')).toBeUndefined();
    expect(await problem(param({ type: 'millicores' }), 'lots')).toBe(NUMBER_MESSAGE);
  });

  it('checks every parameter of a form at once', async () => {
    const schema = parameterSchema([
      param({ name: 'a', required: true }),
      param({ name: 'b', type: 'bytes' }),
    ]);
    await expect(schema.validate({ a: 'x', b: '1Gi' })).resolves.toBeTruthy();
    await expect(schema.validate({ b: '1Gi' })).rejects.toThrow(REQUIRED_MESSAGE);
  });
});

describe('values: defaults in, strings out', () => {
  it('pre-fills defaults; checkbox defaults become booleans', () => {
    expect(
      initialParameterValues([
        param({ name: 't', default: 'hello' }),
        param({ name: 'c', type: 'checkbox', default: 'true' }),
        param({ name: 'n', properties: { format: 'number' }, default: '3' }),
        param({ name: 'empty' }),
      ]),
    ).toEqual({ t: 'hello', c: true, n: 3, empty: undefined });
  });

  it('parses yaml and json code defaults (an object default is written out too)', () => {
    const values = initialParameterValues([
      param({ name: 'y', type: 'code', default: '{a: 1, b: [x]}' }),
      param({ name: 'j', type: 'code', properties: { language: 'json' }, default: '{"a":1}' }),
      param({ name: 'o', type: 'code', default: { replicas: 2 } }),
      param({ name: 'bad', type: 'code', properties: { language: 'json' }, default: '{oops' }),
    ]);
    expect(yaml.load(values.y as string)).toEqual({ a: 1, b: ['x'] });
    expect(values.j).toBe('{\n  "a": 1\n}');
    expect(values.o).toBe('replicas: 2\n');
    expect(values.bad).toBe('{oops');
  });

  it('a run’s own parameters replace the defaults (Run again)', () => {
    expect(
      initialParameterValues(
        [param({ name: 'ns', default: 'default' }), param({ name: 'c', type: 'checkbox' })],
        { ns: 'kube-system', c: 'true' },
      ),
    ).toEqual({ ns: 'kube-system', c: true });
  });

  it('submits strings only, checkboxes as true/false, empty values left to the server', () => {
    const parameters = [
      param({ name: 'c', type: 'checkbox' }),
      param({ name: 'n', properties: { format: 'number' } }),
      param({ name: 'mem', type: 'bytes' }),
      param({ name: 'cpu', type: 'millicores' }),
      param({ name: 'skip' }),
    ];
    expect(
      submittedParameters(parameters, { c: false, n: 4, mem: '2Gi', cpu: '250m', skip: '' }),
    ).toEqual({ c: 'false', n: '4', mem: '2Gi', cpu: '250m' });
  });
});

describe('the modal size', () => {
  it('grows when a code parameter asks for a size other than medium', () => {
    expect(modalSizeFor([param({ type: 'code' })])).toBe('medium');
    expect(modalSizeFor([param({ type: 'code', properties: { size: 'small' } })])).toBe('large');
    expect(modalSizeFor([param({ type: 'code', properties: { size: 'full' } })])).toBe('full');
    expect(codeHeight('full')).toBe('min(1000px, 90vh)');
  });
});

describe('every fixture playbook', () => {
  const directory = 'mission-control/playbooks';
  const files = readdirSync(fixturePath(directory)).filter((name) => name.endsWith('.yaml'));

  it.each(files)('%s: each parameter has a control, a rule and a first value', (file) => {
    const documents = yaml.loadAll(readFileSync(fixturePath(`${directory}/${file}`), 'utf8')) as {
      kind?: string;
      spec?: { parameters?: PlaybookParameter[] };
    }[];
    for (const document of documents.filter((doc) => doc?.kind === 'Playbook')) {
      const parameters = document.spec?.parameters ?? [];
      for (const parameter of parameters) {
        expect(parameterControl(parameter).kind).toBeTruthy();
        expect(parameterRule(parameter)).toBeTruthy();
      }
      expect(Object.keys(initialParameterValues(parameters))).toEqual(
        parameters.map((parameter) => parameter.name),
      );
    }
  });
});
