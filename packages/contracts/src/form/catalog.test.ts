// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from './validation.ts';
import type { FieldDescription, FormDescription, ListItemDescription } from './description.ts';
import {
  defaultValues,
  getPath,
  leafFields,
  setPath,
  submittedValues,
  type FormValues,
  type LeafField,
} from './model.ts';
import { listMinMessage, rulesFor } from './rules.ts';
import { checkTypes, folderCheck, httpCheck } from '../canary/checks.ts';
import { connectionTypes, notificationConnectionTypes } from '../connection/connections.ts';

async function errorsOf(
  description: FormDescription,
  values: FormValues,
): Promise<Record<string, string>> {
  try {
    await rulesFor(description, values).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((issue) => [issue.path, issue.message]));
  }
}

/** A valid value an operator could type into a field. */
function sample(field: LeafField | ListItemDescription): unknown {
  switch (field.kind) {
    case 'text':
      return 'sample';
    case 'number':
      return field.min ?? 1;
    case 'code':
      return field.language === 'json' ? '{}' : field.language === 'yaml' ? 'a: 1\n' : 'x';
    case 'secret-or-reference':
      return { value: 'secret' };
    case 'select':
      return field.options[0]?.value;
    case 'list':
      return Array.from({ length: field.minItems ?? 0 }, () => sample(field.item));
    case 'group':
      return filled(field.fields, {});
    default:
      return undefined;
  }
}

function isEmpty(field: LeafField, value: unknown): boolean {
  if (field.kind === 'secret-or-reference')
    return (
      typeof value !== 'object' || value === null || (value as { value?: unknown }).value === ''
    );
  if (field.kind === 'list') return !Array.isArray(value) || value.length < (field.minItems ?? 0);
  return value === undefined || value === '';
}

function isRequired(field: LeafField): boolean {
  if (field.kind === 'list') return (field.minItems ?? 0) > 0;
  return 'required' in field && field.required === true;
}

/** `values` with every shown required field given a valid value (conditions may show more). */
function filled(fields: readonly FieldDescription[], values: FormValues): FormValues {
  let result = values;
  for (let pass = 0; pass < 3; pass++)
    for (const field of leafFields(fields, result)) {
      const value = getPath(result, field.path);
      if (isRequired(field) && isEmpty(field, value))
        result = setPath(result, field.path, sample(field));
      else if (field.kind === 'list' && Array.isArray(value))
        result = setPath(
          result,
          field.path,
          value.map((item) => filledItem(field.item, item)),
        );
    }
  return result;
}

/** An existing item (a list's default) with its required value or fields filled. */
function filledItem(item: ListItemDescription, value: unknown): unknown {
  if (item.kind === 'group') return filled(item.fields, (value ?? {}) as FormValues);
  const field = { ...item, name: '', path: '' } as LeafField;
  return isRequired(field) && isEmpty(field, value) ? sample(field) : value;
}

/** Where a missing value's message is reported: a secret's static value, otherwise the field. */
function errorPath(field: LeafField): string {
  const path = field.path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  return field.kind === 'secret-or-reference' ? `${path}.value` : path;
}

function missing(field: LeafField): unknown {
  if (field.kind === 'secret-or-reference') return { value: '' };
  if (field.kind === 'list') return [];
  return undefined;
}

function expectedMessage(field: LeafField): string {
  return field.kind === 'list' ? listMinMessage(field.minItems ?? 0) : REQUIRED_MESSAGE;
}

const catalogue = [...connectionTypes, ...checkTypes];

describe('the catalogue', () => {
  it('has every connection type of settings spec §3, once, in its order', () => {
    expect(connectionTypes.map((type) => type.type)).toEqual([
      ...['anthropic', 'openai', 'ollama'],
      ...[
        'postgres',
        'mysql',
        'sql_server',
        'http',
        'prometheus',
        'elasticsearch',
        'mongo',
        'ldap',
      ],
      ...['redis', 'windows', 'google_cloud', 'gcs', 'sftp', 'aws', 's3', 'kubernetes'],
      ...[
        'azure_devops',
        'azure',
        'github',
        'gitlab',
        'restic',
        'smb',
        'jmeter',
        'dynatrace',
        'git',
      ],
      ...['discord', 'email', 'google_chat', 'ifttt', 'mattermost', 'matrix', 'ntfy', 'opsgenie'],
      ...['pushbullet', 'pushover', 'rocketchat', 'slack', 'teams', 'telegram', 'zulip_chat'],
      ...['generic_webhook', 'folder'],
    ]);
    expect(connectionTypes.filter((type) => type.hidden).map((type) => type.type)).toEqual([
      'jmeter',
    ]);
  });

  it('has every health check type the editor offers (settings spec §2), once', () => {
    expect(checkTypes.map((type) => type.label.replace(/ check$/, ''))).toEqual([
      ...['HTTP', 'AWS Config Rule', 'AWS Config', 'GitHub', 'EC2', 'LDAP', 'Pod', 'Exec'],
      ...['Alert Manager', 'Cloud Watch', 'Elasticsearch', 'Redis', 'Mongo DB', 'DNS', 'ICMP Ping'],
      ...['GCS', 'AWS S3', 'SMB', 'SFTP', 'Folder', 'Prometheus', 'Kubernetes', 'SQL Query'],
      ...['Mission Control Catalog', 'Azure DevOps', 'JMeter', 'JUnit', 'Dynatrace'],
      ...['Kubernetes Namespace', 'TCP', 'Custom'],
    ]);
    expect(new Set(checkTypes.map((type) => type.type)).size).toBe(checkTypes.length);
  });

  it('builds a url for every notification type and for no other', () => {
    for (const type of connectionTypes) {
      const isNotification = notificationConnectionTypes.includes(type);
      // Folder's url is its path, typed in.
      expect(type.url !== undefined, type.type).toBe(isNotification && type.type !== 'folder');
    }
  });
});

describe.each(catalogue.map((description) => [description.label, description] as const))(
  '%s',
  (_label, description) => {
    const complete = filled(description.fields, defaultValues(description));

    it('validates its defaults once the required fields are filled', async () => {
      expect(await errorsOf(description, complete)).toEqual({});
    });

    const requiredFields = leafFields(description.fields, complete).filter(isRequired);
    it.each(requiredFields.map((field) => [field.path, field] as const))(
      "fails with the field's message when %s is missing",
      async (_path, field) => {
        const errors = await errorsOf(description, setPath(complete, field.path, missing(field)));
        expect(errors).toEqual({ [errorPath(field)]: expectedMessage(field) });
      },
    );
  },
);

describe('spec rules the catalogue models', () => {
  it('requires name on every type, and namespace (default "default") on every connection', () => {
    for (const type of catalogue) {
      const name = leafFields(type.fields).find((field) => field.path === 'name');
      expect(name && 'required' in name && name.required, type.label).toBe(true);
    }
    for (const type of connectionTypes) expect(defaultValues(type).namespace).toBe('default');
  });

  it('defaults the ports of SFTP, SMB, email and Opsgenie (settings spec §9)', () => {
    const port = (type: string) =>
      getPath(defaultValues(connectionTypes.find((t) => t.type === type)!), 'properties.port');
    expect([port('sftp'), port('smb'), port('email'), port('opsgenie')]).toEqual([
      22, 445, 587, 443,
    ]);
  });

  it('folder: the chosen connection type clears the others and is not itself submitted', () => {
    const edited = defaultValues(folderCheck, {
      name: 'backups',
      path: 'gcs://bucket/backups',
      gcpConnection: { connection: 'connection://gcs/prod' },
    });
    expect(edited.connectionType).toBe('gcp');
    const switched = {
      ...edited,
      connectionType: 'aws',
      awsConnection: { region: 'eu-west-1' },
    };
    const submitted = submittedValues(folderCheck, switched);
    expect(submitted).not.toHaveProperty('connectionType');
    expect(submitted).not.toHaveProperty('gcpConnection');
    expect(submitted).toMatchObject({ awsConnection: { region: 'eu-west-1' } });
    expect(defaultValues(folderCheck).connectionType).toBe('none');
  });

  it('a script opens on its language and changing the language clears the previous script', () => {
    const edited = defaultValues(httpCheck, { name: 'api', test: { expr: 'code == 200' } });
    expect(getPath(edited, 'test.type')).toBe('expr');
    expect(submittedValues(httpCheck, edited).test).toEqual({ expr: 'code == 200' });
    const changed = setPath(edited, 'test.type', 'javascript');
    expect(submittedValues(httpCheck, setPath(changed, 'test.javascript', 'true')).test).toEqual({
      javascript: 'true',
    });
  });

  it('HTTP: an edited check with credentials opens with authentication on', () => {
    const edited = defaultValues(httpCheck, {
      username: { valueFrom: { secretKeyRef: { name: 'api', key: 'user' } } },
    });
    expect(edited.authenticate).toBe(true);
    expect(defaultValues(httpCheck).authenticate).toBe(false);
  });

  it('HTTP: the body is hidden for GET, unless the check already has one', () => {
    const shown = (values: FormValues) =>
      leafFields(httpCheck.fields, defaultValues(httpCheck, values)).some(
        (field) => field.path === 'body',
      );
    expect(shown({})).toBe(false);
    expect(shown({ method: 'DELETE' })).toBe(false);
    expect(shown({ method: 'POST' })).toBe(true);
    expect(shown({ body: '{"size": 0}' })).toBe(true);
  });

  it('HTTP check numeric minimums are 0 (settings spec §5)', async () => {
    const values = {
      ...filled(httpCheck.fields, defaultValues(httpCheck)),
      thresholdMillis: -1,
      maxSSLExpiry: -1,
    };
    expect(await errorsOf(httpCheck, values)).toEqual({
      thresholdMillis: 'Must be at least 0',
      maxSSLExpiry: 'Must be at least 0',
    });
  });
});
