// Conformance entries of the Connection (issue 32 §1): every connection fixture (valid) and invalid
// variants, each with the manifest path the contract names and the record path the editor and the
// server's check on `connections` name (`github.personalAccessToken` is the record's `password`).
import type { ConformanceEntry, FixtureDocument } from '../canary/fixtures.conformance.ts';
import { REQUIRED_MESSAGE } from '../form/validation.ts';
import {
  CONNECTION_TYPE_FIELDS_MESSAGE,
  CONNECTION_TYPE_MESSAGE,
  connectionFormsByType,
  connectionRecordOf,
} from './contract.ts';

export interface ConnectionEntry extends ConformanceEntry {
  /** The path in the record the server keeps, where the record can be made. */
  recordPath?: string;
  /** Why the manifest has no record to write (its spec holds no single type). */
  noRecord?: string;
}

/**
 * The fixture; the fixture without a credential its type's form requires (types with a form);
 * its type holding text instead of a map; two types at once.
 */
export function connectionEntries(documents: readonly FixtureDocument[]): ConnectionEntry[] {
  return documents.flatMap(({ file, spec }) => {
    const [key] = Object.keys(spec) as [string];
    const entries: ConnectionEntry[] = [{ name: file, kind: 'Connection', spec, valid: true }];
    const type = connectionRecordOf(spec)?.type;
    const form = type === undefined ? undefined : connectionFormsByType.get(type);
    const fields = spec[key] as Record<string, unknown>;
    if (form && 'personalAccessToken' in fields) {
      const { personalAccessToken: _, ...rest } = fields;
      entries.push({
        name: `${file}: without its token`,
        kind: 'Connection',
        spec: { [key]: rest },
        valid: false,
        path: `${key}.personalAccessToken.value`,
        recordPath: 'password.value',
        message: REQUIRED_MESSAGE,
      });
    }
    entries.push(
      {
        name: `${file}: ${key} as text`,
        kind: 'Connection',
        spec: { [key]: 'x' },
        valid: false,
        path: key,
        message: CONNECTION_TYPE_FIELDS_MESSAGE,
        noRecord: 'a type of text is no record',
      },
      {
        name: `${file}: two types`,
        kind: 'Connection',
        spec: { ...spec, http: { url: 'https://example.internal' } },
        valid: false,
        path: '',
        message: CONNECTION_TYPE_MESSAGE,
        noRecord: 'two types are no record',
      },
    );
    return entries;
  });
}

/** Hand-written: a port that is text, an SFTP connection without its host. */
export const connectionVariants: readonly ConnectionEntry[] = [
  {
    name: 'an SFTP connection without its host, its port text',
    kind: 'Connection',
    spec: { sftp: { port: 'x', username: 'u', password: { value: 'p' } } },
    valid: false,
    path: 'sftp.host',
    recordPath: 'properties.host',
    message: REQUIRED_MESSAGE,
  },
  {
    name: 'a Postgres connection with a url and a password from a secret',
    kind: 'Connection',
    spec: {
      postgres: {
        url: 'postgres://db:5432/app',
        password: { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
      },
    },
    valid: true,
  },
];

/**
 * Connection types of the fixtures that the connection catalogue (settings spec §3) has no form for:
 * taken as they are; each with why.
 */
export const connectionTypesWithoutForm: Readonly<Record<string, string>> = {
  awskms: 'a key-management connection for secrets, not a settings spec §3 connection type',
  azureKeyVault: 'a key-management connection for secrets, not a settings spec §3 connection type',
  gcpkms: 'a key-management connection for secrets, not a settings spec §3 connection type',
};
