// One contract per resource kind (issue 32 §1), proved by asking every path the same question: each
// fixture of a kind under shared/fixtures, and variants of it made wrong on purpose, go to the
// kind's contract, to the real server's /api/db write (PGlite and PostgreSQL, over HTTP) and to the
// GitOps loader where the kind is loadable. All must give the same verdict, and a refusal must name
// the contract's first path. Adding a kind is one entry in `kinds`: every kind with a contract is
// here (Canary, Topology and Connection also run the entries of their packages' conformance
// tables; ScrapeConfig and LoggingBackend have no fixtures and run hand-made specs instead).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  canaryContract,
  connectionContract,
  connectionRecordOf,
  incidentRuleContract,
  loggingBackendContract,
  notificationContract,
  notificationSilenceContract,
  permissionContract,
  playbookContract,
  scrapeConfigContract,
  teamContract,
  topologyContract,
  validateConnectionRecord,
  type Contract,
  type ContractIssue,
} from '@opsdeck/contracts';
import {
  canaryEntries,
  canaryVariants,
  type ConformanceEntry,
  type FixtureDocument,
} from '@opsdeck/contracts/canary';
import { connectionEntries, connectionVariants } from '@opsdeck/contracts/connection';
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
    | {
        table: string;
        /** The row, or undefined where the spec makes none (a connection with two types). */
        row(document: ResourceDocument, spec: unknown): Record<string, unknown> | undefined;
        /**
         * The verdict the write must give, where the row is checked as a record rather than as
         * the spec (a connection's columns); by default the contract's on the spec.
         */
        verdict?(row: Record<string, unknown>): ReturnType<Contract<unknown>['validate']>;
      }
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
  /**
   * Cases of the kind's package conformance table, derived from its fixtures (each with the
   * contract's verdict and first path), asked of every path as the fixtures are.
   */
  entries?: (documents: FixtureDocument[]) => readonly ConformanceEntry[];
  /** Hand-made specs for a kind without fixtures (marked as such in the test names). */
  handMade?: readonly ConformanceEntry[];
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
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
    // A notifications row spreads the spec over columns; the guard reads `to` back from the
    // recipient columns (here custom_services, which holds the recipient as written).
    write: {
      table: 'notifications',
      row: (document, spec) =>
        isMap(spec)
          ? {
              name: unique(document),
              namespace: document.metadata.namespace,
              events: spec.events ?? [],
              title: spec.title,
              template: spec.template,
              filter: spec.filter,
              repeat_interval: spec.repeatInterval,
              custom_services: spec.to === undefined ? null : [spec.to],
            }
          : undefined,
    },
    // Fields without a column (inhibitions, waitFor…) never reach the row, and a typed column
    // converts or refuses a value of another type first: the write path is asked about each
    // top-level field and recipient dropped and about a recipient of the wrong type
    // (custom_services keeps JSON types).
    variants: (variant) =>
      /^drop (\w+|to\.\w+)$/.test(variant.label) ||
      /^to(\.(person|team|email|connection|url|playbook))?: wrong type$/.test(variant.label),
  },
  {
    kind: 'Permission',
    contract: permissionContract as Contract<unknown>,
    folders: ['mission-control/permissions'],
    // A permissions row is flattened: one subject as subject_type and subject, the actions as
    // one comma-separated text, the object as object_selector.
    write: {
      table: 'permissions',
      row: (document, spec) => {
        if (!isMap(spec)) return undefined;
        const [subject] = isMap(spec.subject) ? Object.entries(spec.subject) : [];
        return {
          name: unique(document),
          namespace: document.metadata.namespace,
          description: spec.description,
          action: Array.isArray(spec.actions) ? spec.actions.join(',') : '',
          deny: spec.deny ?? false,
          subject_type: subject?.[0],
          subject: subject?.[1],
          object_selector: spec.object ?? null,
        };
      },
    },
    // Typed columns (action, deny, description, subject) convert or refuse a value of another
    // type first: the write path is asked about dropped fields and a subject or object of the
    // wrong type.
    variants: (variant) =>
      variant.label.startsWith('drop ') || /^(subject|object): wrong type$/.test(variant.label),
  },
  {
    kind: 'Canary',
    contract: canaryContract as Contract<unknown>,
    folders: ['canaries'],
    write: { table: 'canaries', row: (document, spec) => ({ name: unique(document), spec }) },
    entries: (documents) => [...canaryEntries(documents), ...canaryVariants],
  },
  {
    kind: 'Topology',
    contract: topologyContract as Contract<unknown>,
    folders: ['canaries/topology'],
    write: { table: 'topologies', row: (document, spec) => ({ name: unique(document), spec }) },
  },
  {
    kind: 'Connection',
    contract: connectionContract as Contract<unknown>,
    folders: ['mission-control/connections'],
    // A connections row is the record the type's form edits (url, password, properties…), so the
    // write names the record's path (`password.value`), not the manifest's; the record must get
    // the contract's verdict on the manifest.
    write: {
      table: 'connections',
      row: (document, spec) => {
        const found = connectionRecordOf(spec);
        return found && { name: unique(document), namespace: 'default', ...found.record };
      },
      verdict: (row) => validateConnectionRecord(row),
    },
    prefix: '',
    // The record's text columns (url, username, password, certificate) convert a value of another
    // type before any check sees it (a token as a list is stored as its JSON text), as
    // notification_silences' columns do: the write path is asked about every other variant.
    variants: (variant) => !variant.label.endsWith(': wrong type'),
    entries: (documents) => [...connectionEntries(documents), ...connectionVariants],
  },
  {
    kind: 'ScrapeConfig',
    contract: scrapeConfigContract as Contract<unknown>,
    folders: [],
    write: {
      table: 'config_scrapers',
      row: (document, spec) => ({ name: unique(document), spec }),
    },
    handMade: [
      {
        name: 'a kubernetes scraper',
        kind: 'ScrapeConfig',
        spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'prod', exclusions: {} }] },
        valid: true,
      },
      {
        name: 'a file scraper',
        kind: 'ScrapeConfig',
        spec: { file: [{ type: 'Config', paths: ['config/*.json'] }] },
        valid: true,
      },
      {
        name: 'a kubernetes scraper without its cluster name',
        kind: 'ScrapeConfig',
        spec: { kubernetes: [{}] },
        valid: false,
        path: 'kubernetes[0].clusterName',
      },
    ],
  },
  {
    kind: 'LoggingBackend',
    contract: loggingBackendContract as Contract<unknown>,
    folders: [],
    write: {
      table: 'logging_backends',
      row: (document, spec) => ({ name: unique(document), spec }),
    },
    handMade: [
      {
        name: 'a Loki backend',
        kind: 'LoggingBackend',
        spec: { loki: { url: 'http://loki:3100' } },
        valid: true,
      },
      {
        name: 'a Loki backend without its url',
        kind: 'LoggingBackend',
        spec: { loki: {} },
        valid: false,
        path: 'loki.url',
      },
    ],
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

/** One case asked of every path: a spec, the contract's verdict on it, and the loader's. */
interface AgreementCase {
  label: string;
  spec: unknown;
  expected: ReturnType<Contract<unknown>['validate']>;
  /** The GitOps loader's verdict on the document with this spec (absent: the kind has no loader). */
  loader?: Verdict;
}

// The contract and the loader are plain functions of a spec, the same whichever engine the write
// goes to: each case's verdicts are worked out once for the run, and every engine's test compares
// them with its own write. (Asked again per engine, they were a tenth of the file's CPU.)
const casesMemo = new WeakMap<object, readonly AgreementCase[]>();

function agreementCases(
  kind: ConformanceKind,
  document: ResourceDocument,
  specs: () => readonly { label: string; spec: unknown }[],
): readonly AgreementCase[] {
  let cases = casesMemo.get(document);
  if (!cases) {
    const loader = registry.resourceKinds().get(kind.kind)?.declaration;
    cases = specs().map(({ label, spec }) => ({
      label,
      spec,
      expected: kind.contract.validate(spec),
      ...(loader ? { loader: loader.validate({ ...document, spec }) } : {}),
    }));
    casesMemo.set(document, cases);
  }
  return cases;
}

// One case per distinct answer of the contract (accepted, or refused at a path): the server and
// loader are asked about every kind of answer without repeating one.
function distinctCases(kind: ConformanceKind, spec: unknown) {
  const seen = new Set<string>();
  return [
    { label: 'as written', spec },
    ...specVariants(spec as Record<string, unknown>).filter(
      (variant) => kind.variants?.(variant) ?? true,
    ),
  ].filter(({ spec: candidate }) => {
    const answer = kind.contract.validate(candidate);
    const key = answer.ok ? 'accepted' : manifestPath(answer.issues[0]!);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Each kind's fixtures and table entries, read once for the run rather than once per engine. */
const prepared = new Map(
  kinds.map((kind) => {
    const fixtures = fixturesOf(kind);
    const entries = [
      ...(kind.entries?.(
        fixtures.map(({ id, document }) => ({
          file: id,
          spec: document.spec as Record<string, unknown>,
        })),
      ) ?? []),
      ...(kind.handMade ?? []).map((entry) => ({ ...entry, name: `hand-made: ${entry.name}` })),
    ];
    const documentOf = (name: string): ResourceDocument => ({
      apiVersion: 'v1',
      kind: kind.kind,
      metadata: { name: name.replace(/[^a-z0-9]+/gi, '-').toLowerCase(), namespace: 'default' },
      spec: {},
    });
    return [
      kind,
      {
        fixtures,
        entries: entries.map((entry) => ({ entry, document: documentOf(entry.name) })),
      },
    ] as const;
  }),
);

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

  // Asks the write path about each case and compares it, and the loader's verdict, with the contract.
  async function expectAgreement(
    kind: ConformanceKind,
    id: string,
    document: ResourceDocument,
    cases: readonly AgreementCase[],
  ) {
    for (const { label, spec, expected, loader } of cases) {
      const what = `${id} (${label})`;
      if ('table' in kind.write) {
        const row = kind.write.row(document, spec);
        if (row) {
          const verdict = kind.write.verdict?.(row) ?? expected;
          expect(verdict.ok, `${what}: the row's check and the contract agree`).toBe(expected.ok);
          expectSameVerdict(
            `/api/db ${what}`,
            verdict,
            await write(kind.write.table, row),
            kind.prefix,
          );
        } else expect(expected.ok, `${what} makes no row, so the contract refuses it`).toBe(false);
      }
      if (loader) expectSameVerdict(`the loader ${what}`, expected, loader);
    }
  }

  describe.each(kinds)('$kind', (kind) => {
    const { fixtures, entries } = prepared.get(kind)!;

    it('has fixtures or hand-made specs, each one listed as outside is a fixture, and no write path is left unsaid', () => {
      if ('none' in kind.write) expect(kind.write.none).not.toBe('');
      if (kind.handMade)
        expect(fixtures, 'hand-made specs only where there are no fixtures').toEqual([]);
      else expect(fixtures.length).toBeGreaterThan(0);
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
        await expectAgreement(
          kind,
          id,
          document,
          agreementCases(kind, document, () => distinctCases(kind, document.spec)),
        );
      },
    );

    // The package's conformance table (a fixture made wrong its way, hand-written cases) and the
    // hand-made specs: the contract gives the entry's verdict and path, every other path agrees.
    if (entries.length > 0)
      it.each(entries.map(({ entry, document }) => [entry.name, entry, document] as const))(
        '%s',
        async (name, entry, document) => {
          const verdict = kind.contract.validate(entry.spec);
          expect(verdict.ok, `${name}: the contract's verdict`).toBe(entry.valid);
          if (!verdict.ok && entry.path !== undefined)
            expect(verdict.issues[0]?.path, `${name}: the contract's first path`).toBe(entry.path);
          const cases = agreementCases(kind, document, () =>
            entry.name.startsWith('hand-made: ') && entry.valid
              ? distinctCases(kind, entry.spec)
              : [{ label: 'as written', spec: entry.spec }],
          );
          await expectAgreement(kind, name, document, cases);
        },
      );
  });
});
