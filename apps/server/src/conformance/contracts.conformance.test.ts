// One contract per resource kind (issue 32 §1), proved by asking every path the same question: each
// fixture of a kind under shared/fixtures, and variants of it made wrong on purpose, go to the
// kind's contract, to the real server's /api/db write (PGlite and PostgreSQL, over HTTP) and to the
// GitOps loader where the kind is loadable. All must give the same verdict, and a refusal must name
// the contract's first path. Adding a kind is one entry in `kinds`.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  incidentRuleContract,
  notificationContract,
  notificationSilenceContract,
  permissionContract,
  playbookContract,
  teamContract,
  type Contract,
  type ContractIssue,
} from '@opsdeck/contracts';
import { specVariants, type SpecVariant } from '@opsdeck/contracts/conformance';
import { fixturePath } from '@opsdeck/testing';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/user.ts';
import type { Database } from '../db/database.ts';
import type { ResourceDocument } from '../resources/kinds.ts';
import { defaultServiceRegistry } from '../services/list.ts';
import { testDatabases } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

interface ConformanceKind {
  kind: string;
  contract: Contract<unknown>;
  /** Folders under shared/fixtures holding documents of this kind (other kinds there are ignored). */
  folders: string[];
  /**
   * The /api/db table the kind is written to and the row one document becomes; or why the server
   * has no write path for the kind's spec yet (the contract and loader are still compared).
   */
  write:
    | { table: string; row(document: ResourceDocument, spec: unknown): Record<string, unknown> }
    | { none: string };
  /** How the server's message names a spec path: under `spec.` (a spec column) or bare (columns). */
  prefix?: 'spec' | '';
  /**
   * Variants the write path cannot be asked about as the contract is, each kind saying why; by
   * default every variant.
   */
  variants?: (variant: SpecVariant) => boolean;
  /** Fixture documents (`file#name`) the server legitimately refuses, each with why. */
  outside?: Readonly<Record<string, string>>;
}

const unique = (document: ResourceDocument) => `${document.metadata.name}-${randomUUID()}`;

const kinds: ConformanceKind[] = [
  {
    kind: 'Playbook',
    contract: playbookContract as Contract<unknown>,
    folders: ['mission-control/playbooks'],
    write: {
      table: 'playbooks',
      row: (document, spec) => ({
        name: unique(document),
        namespace: document.metadata.namespace,
        spec,
      }),
    },
  },
  {
    kind: 'Team',
    contract: teamContract as Contract<unknown>,
    folders: ['mission-control/teams'],
    write: { table: 'teams', row: (document, spec) => ({ name: unique(document), spec }) },
  },
  {
    kind: 'IncidentRule',
    contract: incidentRuleContract as Contract<unknown>,
    folders: ['mission-control/rules'],
    write: { table: 'incident_rules', row: (document, spec) => ({ name: unique(document), spec }) },
  },
  {
    kind: 'NotificationSilence',
    contract: notificationSilenceContract as Contract<unknown>,
    folders: ['mission-control/silences'],
    // The table's columns are the spec's fields.
    write: {
      table: 'notification_silences',
      row: (document, spec) => ({
        name: unique(document),
        namespace: document.metadata.namespace,
        ...(spec as Record<string, unknown>),
      }),
    },
    prefix: '',
    // A row is a map of columns, and a typed column converts or refuses a value of another type
    // before any check sees it (`description: 42` is stored as '42'): the write path is asked
    // about every variant that keeps the columns' types (dropped fields, the selectors list).
    variants: (variant) =>
      variant.label.startsWith('drop ') || variant.label.startsWith('selectors'),
  },
  {
    kind: 'Notification',
    contract: notificationContract as Contract<unknown>,
    folders: ['mission-control/notifications'],
    write: {
      none: "notifications rows hold person_id/team_id/custom_services, not the CRD spec's `to`: their check needs the spec-to-row mapping of the notification editor (follow-up)",
    },
  },
  {
    kind: 'Permission',
    contract: permissionContract as Contract<unknown>,
    folders: ['mission-control/permissions'],
    write: {
      none: "permissions rows are flattened (action, object, subject ids) and checked by checkPermissionWrite; the CRD spec-to-row mapping is the permission editor's (follow-up)",
    },
  },
];

interface Fixture {
  /** `folder/file.yaml#name`, for test names and `outside`. */
  id: string;
  document: ResourceDocument;
}

function yamlFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((entry) => {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/.test(entry) ? [path] : [];
    });
}

function fixturesOf(kind: ConformanceKind): Fixture[] {
  const root = fixturePath('');
  return kind.folders.flatMap((folder) =>
    yamlFiles(fixturePath(folder)).flatMap((file) =>
      (loadAll(readFileSync(file, 'utf8')) as Partial<ResourceDocument>[])
        .filter((document) => document?.kind === kind.kind)
        .map((document) => {
          const name = String(document.metadata?.name);
          return {
            id: `${relative(root, file)}#${name}`,
            document: {
              ...document,
              kind: kind.kind,
              metadata: {
                ...document.metadata,
                name,
                namespace: document.metadata?.namespace ?? 'default',
              },
            } as ResourceDocument,
          };
        }),
    ),
  );
}

/** What a path said of a spec: accepted, or refused naming where. */
type Verdict = { ok: true } | { ok: false; message: string };

// The contract's first problem as a manifest path (`spec.actions[0].exec`), as messages say it.
function manifestPath(issue: ContractIssue, prefix: 'spec' | '' = 'spec'): string {
  if (prefix === '') return issue.path;
  if (issue.path === '') return prefix;
  return issue.path.startsWith('[') ? `${prefix}${issue.path}` : `${prefix}.${issue.path}`;
}

function expectSameVerdict(
  what: string,
  contract: ReturnType<Contract<unknown>['validate']>,
  other: Verdict,
  prefix: 'spec' | '' = 'spec',
) {
  if (contract.ok) {
    expect(other, `${what} accepts what the contract accepts`).toEqual({ ok: true });
    return;
  }
  expect(other.ok, `${what} refuses what the contract refuses`).toBe(false);
  const path = manifestPath(contract.issues[0]!, prefix);
  const message = (other as { message: string }).message;
  // A problem of the whole spec is said without a path when there is no prefix.
  if (path === '')
    expect(message, `${what} says why`).toContain(`failed: ${contract.issues[0]!.message}`);
  else expect(message, `${what} names ${path}`).toContain(`${path}: `);
}

const admin: AuthUser = {
  id: randomUUID(),
  name: 'Conformance',
  roles: ['admin'],
  permissions: [],
};
const registry = defaultServiceRegistry();

describe.each(testDatabases())('contracts agree with the server on $engine', (target) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Conformance', $2)`, [
      admin.id,
      `conformance-${admin.id}@local`,
    ]);
    server = await startTestServer({
      db,
      resolvers: [async (request) => (request.headers.get('x-test-admin') ? admin : undefined)],
    });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  // An admin's write: no role rule in the way, only the rows' own checks.
  async function write(table: string, row: Record<string, unknown>): Promise<Verdict> {
    const response = await fetch(`${server.url}/api/db/${table}`, {
      method: 'POST',
      headers: {
        'x-test-admin': '1',
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify(row),
    });
    const body = (await response.json()) as { message?: string } | { id: string }[];
    if (response.status === 201) {
      // Gone again, so a later variant of one fixture never meets it (a webhook path is unique).
      const [created] = body as { id: string }[];
      await db.query(`DELETE FROM ${table} WHERE id = $1`, [created!.id]);
      return { ok: true };
    }
    expect(response.status, JSON.stringify(body)).toBe(400);
    return { ok: false, message: String((body as { message?: string }).message) };
  }

  describe.each(kinds)('$kind', (kind) => {
    const fixtures = fixturesOf(kind);
    const loader = registry.resourceKinds().get(kind.kind)?.declaration;

    it('has fixtures, each one listed as outside is a fixture, and no write path is left unsaid', () => {
      if ('none' in kind.write) expect(kind.write.none).not.toBe('');
      expect(fixtures.length).toBeGreaterThan(0);
      const ids = new Set(fixtures.map((fixture) => fixture.id));
      for (const id of Object.keys(kind.outside ?? {})) expect(ids).toContain(id);
    });

    it.each(fixtures.map((fixture) => [fixture.id, fixture] as const))(
      '%s and its variants',
      async (id, { document }) => {
        const verdict = kind.contract.validate(document.spec);
        const outside = kind.outside?.[id];
        if (outside) expect(verdict.ok, `${id} is listed as outside (${outside})`).toBe(false);
        else expect(verdict, `${id} is valid`).toMatchObject({ ok: true });

        // One case per distinct answer of the contract (accepted, or refused at a path): the
        // server and loader are asked about every kind of answer without repeating one.
        const seen = new Set<string>();
        const cases = [
          { label: 'as written', spec: document.spec },
          ...specVariants(document.spec as Record<string, unknown>).filter(
            (variant) => kind.variants?.(variant) ?? true,
          ),
        ].filter(({ spec }) => {
          const answer = kind.contract.validate(spec);
          const key = answer.ok ? 'accepted' : manifestPath(answer.issues[0]!);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        for (const { label, spec } of cases) {
          const expected = kind.contract.validate(spec);
          const what = `${id} (${label})`;
          if ('table' in kind.write)
            expectSameVerdict(
              `/api/db ${what}`,
              expected,
              await write(kind.write.table, kind.write.row(document, spec)),
              kind.prefix,
            );
          if (loader)
            expectSameVerdict(
              `the loader ${what}`,
              expected,
              loader.validate({ ...document, spec }),
            );
        }
      },
    );
  });
});
