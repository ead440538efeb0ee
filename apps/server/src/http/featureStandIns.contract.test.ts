// The features' stand-ins against this server (issue 28 #1): each feature's tests talk to a fake
// backend (its `testing/stand-in` entry). Here the same calls — the api-client's own query
// functions, as the features make them — go to that stand-in and to the real server side by side,
// and each request must get the same status and a body of the same shape: every key a stand-in
// answers the server answers too, with a value of the same type (a value either side leaves null
// says nothing about its type). A stand-in may leave out what its feature does not read; it may
// not invent a key, retype a value or answer a status the server never gives, or its feature's
// tests pass on data no user will see. Error replies are compared in standIns.contract.test.ts.
import type { ApiClient } from '@opsdeck/api-client';
import {
  analyzersQuery,
  catalogChangesQuery,
  changeTypesQuery,
  configChangeQuery,
  configChecksQuery,
  configComponentsQuery,
  configDetailQuery,
  configDiffHistoryQuery,
  configFilterOptionsQuery,
  configInsightsQuery,
  configListQuery,
  configScraperQuery,
  configScrapersQuery,
  configSummaryQuery,
  relatedConfigsQuery,
  scraperJobsQuery,
} from '@opsdeck/api-client/catalog';
import {
  checkDetailsQuery,
  checkGraphQuery,
  checkSummaryQuery,
  recentStatusesQuery,
  statusHistoryQuery,
} from '@opsdeck/api-client/health';
import {
  evidenceSubjectsQuery,
  incidentHistoryQuery,
  incidentListQuery,
  incidentQuery,
  incidentRespondersQuery,
} from '@opsdeck/api-client/incidents';
import {
  checkTransitionsQuery,
  notificationRuleQuery,
  notificationRulesQuery,
  notificationRuleSummariesQuery,
  notificationSendQuery,
  notificationSendsQuery,
  sendRecipientQuery,
  sendResourceTypesQuery,
  silencePreviewQuery,
  silencesQuery,
} from '@opsdeck/api-client/notifications';
import {
  connectionQuery,
  connectionsPageQuery,
  connectionsQuery,
  integrationsQuery,
} from '@opsdeck/api-client/connections';
import { peopleQuery, teamsQuery } from '@opsdeck/api-client/people';
import {
  playbookParamsQuery,
  playbookQuery,
  playbookRunActionsQuery,
  playbookRunQuery,
  playbookRunsQuery,
  playbooksQuery,
} from '@opsdeck/api-client/playbooks';
import {
  resourceJobsQuery,
  settingsResourceQuery,
  settingsResourcesQuery,
  teamMembersQuery,
} from '@opsdeck/api-client/settings';
import {
  agentsQuery,
  deleteAgent,
  jobHistoryQuery,
  jobNamesQuery,
  permissionsQuery,
  permissionTargetsQuery,
  propertiesListQuery,
  auditQuery,
  eventQueueSummaryQuery,
  failedEventsQuery,
  registerAgent,
  savePermission,
  usersQuery,
} from '@opsdeck/api-client/admin';
import { componentChecksQuery, topologyQuery } from '@opsdeck/api-client/topology';
import { ids as catalogIds, startCatalogBackend } from '@opsdeck/features-catalog/testing/stand-in';
import {
  ids as connectionIds,
  startConnectionsBackend,
} from '@opsdeck/features-connections/testing/stand-in';
import { startHealthServer } from '@opsdeck/features-health/testing/stand-in';
import { seedState, startIncidentBackend } from '@opsdeck/features-incidents/testing/stand-in';
import {
  ids as notificationIds,
  startNotificationsBackend,
} from '@opsdeck/features-notifications/testing/stand-in';
import {
  kitchenSink,
  ids as playbookIds,
  startPlaybooksBackend,
} from '@opsdeck/features-playbooks/testing/stand-in';
import { fixtureIds, startTopologyBackend } from '@opsdeck/features-topology/testing/stand-in';
import {
  ids as settingsIds,
  startSettingsBackend,
} from '@opsdeck/features-settings/testing/stand-in';
import { adminIds, startAdminBackend } from '@opsdeck/features-admin/testing/stand-in';
import type { FakeBackend } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';
import {
  merged,
  mismatches,
  recordingClient,
  type Exchange,
} from '../testing/standInReplies.test.helper.ts';

/** Runs a query's function as TanStack Query would. */
function fetchQuery(options: {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}): Promise<unknown> {
  const queryFn = options.queryFn as (context: {
    signal: AbortSignal;
    queryKey: readonly unknown[];
    meta: undefined;
  }) => Promise<unknown>;
  return queryFn({
    signal: new AbortController().signal,
    queryKey: options.queryKey,
    meta: undefined,
  });
}

/** The ids a call needs, on each side: the stand-in's test data, or the demo estate. */
interface Estate {
  config: string;
  /** A Kubernetes::Namespace config (the kitchen-sink playbook runs on one). */
  namespace: string;
  change: string;
  scraper: string;
  component: string;
  check: string;
  incident: string;
  playbook: string;
  run: string;
  /** A notification send, its rule, and a person a send may go to. */
  send: string;
  rule: string;
  person: string;
  /** A canary and a team with a member (the settings editors). */
  canary: string;
  team: string;
  /** A connection with a stored password (read back masked). */
  connection: string;
}

const standInEstates: Record<string, Partial<Estate>> = {
  catalog: {
    config: catalogIds.deployment,
    change: catalogIds.change,
    scraper: catalogIds.scraper,
  },
  topology: { component: fixtureIds.cluster },
  playbooks: { playbook: playbookIds.sink, run: playbookIds.run, namespace: playbookIds.namespace },
  incidents: { incident: '3f6c1d2e-9a4b-4c5d-8e7f-0a1b2c3d4e5f' },
  health: { check: 'c-payments-api' },
  notifications: {
    send: notificationIds.sent,
    rule: notificationIds.rule,
    person: notificationIds.person,
    check: notificationIds.check,
  },
  settings: { canary: settingsIds.canary, team: settingsIds.team },
  connections: { connection: connectionIds.http },
  admin: { team: adminIds.team },
};

interface Case {
  feature: keyof typeof standInEstates;
  name: string;
  call: (client: ApiClient, estate: Estate) => Promise<unknown>;
}

type QueryLike = { queryKey: readonly unknown[]; queryFn?: unknown };

/** A feature's cases: each a query it makes, by the api-client's query options. */
const casesOf = (
  feature: Case['feature'],
  list: Array<[string, (client: ApiClient, estate: Estate) => QueryLike]>,
): Case[] =>
  list.map(([name, query]) => ({
    feature,
    name,
    call: (client, estate) => fetchQuery(query(client, estate)),
  }));

const since = new Date(Date.now() - 30 * 86_400_000).toISOString();

const cases: Case[] = [
  // features-catalog
  ...casesOf('catalog', [
    ['the summary by type', (c) => configSummaryQuery(c, {})],
    ['the configs list', (c) => configListQuery(c, { pageIndex: 0, pageSize: 50 })],
    ['the filter options', (c) => configFilterOptionsQuery(c)],
    ['the change types', (c) => changeTypesQuery(c)],
    ['the analyzers', (c) => analyzersQuery(c)],
    ['a config', (c, e) => configDetailQuery(c, e.config)],
    [
      'the changes of a config',
      (c, e) => catalogChangesQuery(c, { configId: e.config, pageIndex: 0, pageSize: 50 }),
    ],
    ['a change', (c, e) => configChangeQuery(c, e.change)],
    ['a config’s diff history', (c, e) => configDiffHistoryQuery(c, e.config)],
    ['the insights', (c) => configInsightsQuery(c, { pageIndex: 0, pageSize: 50 })],
    ['related configs', (c, e) => relatedConfigsQuery(c, { configId: e.config })],
    ['a config’s components', (c, e) => configComponentsQuery(c, e.config)],
    ['a config’s checks', (c, e) => configChecksQuery(c, e.config)],
    ['the scrapers', (c) => configScrapersQuery(c)],
    ['a scraper', (c, e) => configScraperQuery(c, e.scraper)],
    [
      'a scraper’s jobs',
      (c, e) => scraperJobsQuery(c, { scraperId: e.scraper, pageIndex: 0, pageSize: 20 }),
    ],
  ]),
  // features-topology
  ...casesOf('topology', [
    ['the topology', (c) => topologyQuery(c, {})],
    ['a component’s tree', (c, e) => topologyQuery(c, { id: e.component })],
    ['a component’s checks', (c, e) => componentChecksQuery(c, e.component)],
  ]),
  // features-playbooks
  ...casesOf('playbooks', [
    ['the playbooks', (c) => playbooksQuery(c)],
    ['a playbook', (c, e) => playbookQuery(c, e.playbook)],
    [
      'a playbook’s parameters',
      (c, e) => playbookParamsQuery(c, e.playbook, { kind: 'config', id: e.namespace }),
    ],
    ['the runs', (c) => playbookRunsQuery(c, { pageIndex: 0, pageSize: 20 })],
    ['a run', (c, e) => playbookRunQuery(c, e.run)],
    ['a run’s actions', (c, e) => playbookRunActionsQuery(c, e.run)],
    ['the teams', (c) => teamsQuery(c)],
    ['the people', (c) => peopleQuery(c)],
  ]),
  // features-incidents
  ...casesOf('incidents', [
    ['the incidents', (c) => incidentListQuery(c, { pageIndex: 0, pageSize: 20 })],
    ['an incident', (c, e) => incidentQuery(c, e.incident)],
    ['an incident’s responders', (c, e) => incidentRespondersQuery(c, e.incident)],
    ['an incident’s history', (c, e) => incidentHistoryQuery(c, e.incident)],
    [
      'an incident’s evidence subjects',
      (c, e) =>
        evidenceSubjectsQuery(c, e.incident, {
          checks: [e.check],
          configs: [e.config],
          components: [],
          configChanges: [e.change],
        }),
    ],
    ['the people', (c) => peopleQuery(c)],
    ['the teams', (c) => teamsQuery(c)],
  ]),
  // features-health
  ...casesOf('health', [
    ['the summary', (c) => checkSummaryQuery(c)],
    ['a check', (c, e) => checkDetailsQuery(c, e.check)],
    ['a check’s graph', (c, e) => checkGraphQuery(c, { check: e.check, start: '1h' })],
    [
      'a check’s status history',
      (c, e) => statusHistoryQuery(c, { checkId: e.check, start: since, pageSize: 50 }),
    ],
    ['recent statuses', (c, e) => recentStatusesQuery(c, [e.check], Date.now())],
  ]),
  // features-notifications
  ...casesOf('notifications', [
    ['the send history', (c) => notificationSendsQuery(c, { pageIndex: 0, pageSize: 50 })],
    [
      'the send history of a status and rule',
      (c, e) =>
        notificationSendsQuery(c, { pageIndex: 0, pageSize: 50, status: 'sent', ruleId: e.rule }),
    ],
    ['a send', (c, e) => notificationSendQuery(c, e.send)],
    ['the resource types', (c) => sendResourceTypesQuery(c)],
    ['the rules for the filter', (c) => notificationRulesQuery(c)],
    [
      'the rules with their counts',
      (c) => notificationRuleSummariesQuery(c, { pageIndex: 0, pageSize: 50 }),
    ],
    ['a rule', (c, e) => notificationRuleQuery(c, e.rule)],
    ['a send’s person', (c, e) => sendRecipientQuery(c, { person_id: e.person })],
    [
      'the check transitions of the last 24 h',
      (c) =>
        checkTransitionsQuery(c, {
          pageIndex: 0,
          pageSize: 20,
          since: new Date(Date.now() - 24 * 3_600_000).toISOString(),
        }),
    ],
    [
      'the active silences',
      (c) => silencesQuery(c, { pageIndex: 0, pageSize: 50, state: 'active' }),
    ],
    ['every silence', (c) => silencesQuery(c, { pageIndex: 0, pageSize: 50, state: 'all' })],
    [
      'the silence preview of a filter',
      (c) => silencePreviewQuery(c, { filter: 'true', recursive: false }),
    ],
  ]),
  // features-settings
  ...casesOf('settings', [
    ['the health checks', (c) => settingsResourcesQuery(c, 'canaries')],
    ['a health check', (c, e) => settingsResourceQuery(c, 'canaries', e.canary)],
    ['the teams', (c) => settingsResourcesQuery(c, 'teams')],
    ['the catalog scrapers', (c) => settingsResourcesQuery(c, 'config_scrapers')],
    ['a team', (c, e) => settingsResourceQuery(c, 'teams', e.team)],
    ['a team’s members', (c, e) => teamMembersQuery(c, e.team)],
    [
      'a health check’s jobs',
      (c, e) => resourceJobsQuery(c, { resourceId: e.canary, pageIndex: 0, pageSize: 150 }),
    ],
    ['the people', (c) => peopleQuery(c)],
  ]),
  // features-connections
  ...casesOf('connections', [
    ['the connections', (c) => connectionsQuery(c)],
    ['the connections of a type', (c) => connectionsQuery(c, { type: 'http', search: 'api' })],
    [
      'a page of the connections list',
      (c) => connectionsPageQuery(c, { pageIndex: 0, pageSize: 50, sortBy: 'name', search: 'a' }),
    ],
    ['a connection', (c, e) => connectionQuery(c, e.connection)],
    ['the integrations', (c) => integrationsQuery(c, { pageIndex: 0, pageSize: 50 })],
  ]),
  // features-admin
  ...casesOf('admin', [
    [
      'the job history page',
      (c) =>
        jobHistoryQuery(c, {
          pageIndex: 0,
          pageSize: 150,
          sortBy: 'created_at',
          sortOrder: 'desc',
          status: { include: [], exclude: ['SUCCESS'] },
          from: since,
        }),
    ],
    [
      'the job history filtered by every filter',
      (c) =>
        jobHistoryQuery(c, {
          pageIndex: 0,
          pageSize: 50,
          sortBy: 'duration_millis',
          sortOrder: 'asc',
          name: 'CanaryRun',
          resourceType: 'canary',
          status: { include: ['FAILED', 'SUCCESS'], exclude: [] },
          minDurationMillis: 15_000,
          from: since,
          to: new Date().toISOString(),
        }),
    ],
    ['the job names', (c) => jobNamesQuery(c)],
    ['the users with their roles and last login', (c) => usersQuery(c)],
    ['the permissions', (c) => permissionsQuery(c, { pageIndex: 0, pageSize: 50 })],
    ['the teams a permission may name', (c) => permissionTargetsQuery(c, 'team', '')],
    ['the feature flags', (c) => propertiesListQuery(c)],
    ['the agents', (c) => agentsQuery(c)],
    ['the people a permission may name', (c) => permissionTargetsQuery(c, 'person', 'a')],
    [
      'the event queue',
      (c) => eventQueueSummaryQuery(c, { pageIndex: 0, pageSize: 50, sortBy: 'last_failure' }),
    ],
    ['the failed events of a name', (c) => failedEventsQuery(c, 'notification.send')],
    ['the audit trail', (c) => auditQuery(c, { pageIndex: 0, pageSize: 50 })],
    [
      'the audit trail filtered by every filter',
      (c) =>
        auditQuery(c, {
          pageIndex: 0,
          pageSize: 25,
          actor: 'system',
          table: 'properties',
          action: 'delete',
          from: since,
          to: new Date().toISOString(),
        }),
    ],
  ]),
  {
    feature: 'admin',
    name: 'registering an agent',
    call: (c) => registerAgent(c, { name: 'contract-agent', description: 'contract' }),
  },
  {
    feature: 'admin',
    name: 'deleting an agent',
    call: async (c) => {
      const [first] = await fetchQuery(agentsQuery(c)).then((rows) => rows as { id: string }[]);
      if (first) await deleteAgent(c, first.id);
    },
  },
  {
    feature: 'admin',
    name: 'adding a team’s deny on a global object',
    call: (c, e) =>
      savePermission(c, {
        subject_type: 'team',
        subject: e.team,
        team_id: e.team,
        person_id: null,
        notification_id: null,
        config_id: null,
        component_id: null,
        connection_id: null,
        playbook_id: null,
        object: 'connection',
        action: 'delete',
        deny: true,
        until: null,
        description: 'contract',
      }),
  },
];

const standIns: Record<string, () => Promise<FakeBackend>> = {
  catalog: startCatalogBackend,
  topology: startTopologyBackend,
  playbooks: startPlaybooksBackend,
  incidents: () => startIncidentBackend(seedState(), () => ['admin']),
  health: () => startHealthServer(),
  notifications: startNotificationsBackend,
  settings: startSettingsBackend,
  connections: () => startConnectionsBackend(),
  admin: () => startAdminBackend(),
};

describe.each(testDatabases())(
  'the features’ stand-ins answer as this server, on $engine',
  (target) => {
    let db: Database;
    let server: TestServer;
    const real: Partial<Estate> = {};
    const backends = new Map<string, FakeBackend>();

    beforeAll(async () => {
      db = await target.openSeeded({ checks: 20 });
      server = await startTestServer({ db });
      const one = async (sql: string) =>
        (await db.query<{ id: string }>(sql)).rows[0]?.id ?? 'missing';
      real.config = await one(
        `SELECT c.id FROM config_items c WHERE c.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM config_changes x WHERE x.config_id = c.id) ORDER BY c.id LIMIT 1`,
      );
      real.change = await one(
        `SELECT id FROM config_changes WHERE config_id = '${real.config}' ORDER BY id LIMIT 1`,
      );
      real.namespace = await one(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Namespace' AND deleted_at IS NULL
       ORDER BY id LIMIT 1`,
      );
      real.scraper = await one('SELECT id FROM config_scrapers ORDER BY id LIMIT 1');
      real.component = await one(
        `SELECT p.id FROM components p WHERE p.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM components c WHERE c.parent_id = p.id) ORDER BY p.id LIMIT 1`,
      );
      real.check = await one('SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
      real.incident = await one('SELECT id FROM incidents ORDER BY id LIMIT 1');
      // The stand-in's own playbook (the fixtures' every-parameter-type spec), saved here too.
      const saved = await fetch(`${server.url}/api/db/playbooks`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...basic('admin@local'),
        },
        body: JSON.stringify({
          name: kitchenSink.metadata.name,
          namespace: 'default',
          source: 'UI',
          spec: kitchenSink.spec,
        }),
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      real.playbook = ((await saved.json()) as { id: string }[])[0]!.id;
      real.run = await one('SELECT id FROM playbook_runs ORDER BY id LIMIT 1');
      real.send = await one(
        `SELECT id FROM notification_send_history WHERE status = 'sent' ORDER BY id LIMIT 1`,
      );
      real.rule = await one(
        `SELECT notification_id AS id FROM notification_send_history WHERE status = 'sent'
       ORDER BY id LIMIT 1`,
      );
      real.person = await one('SELECT id FROM people WHERE email IS NOT NULL ORDER BY id LIMIT 1');
      real.canary = await one(
        `SELECT canary_id AS id FROM checks WHERE deleted_at IS NULL AND canary_id IS NOT NULL
         ORDER BY canary_id LIMIT 1`,
      );
      real.team = await one('SELECT team_id AS id FROM team_members ORDER BY team_id LIMIT 1');
      // The stand-in's http connection, saved here too (the demo's connections follow the port).
      const connection = await fetch(`${server.url}/api/db/connections`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...basic('admin@local'),
        },
        body: JSON.stringify({
          name: 'opsdeck-api',
          namespace: 'mission-control',
          type: 'http',
          url: 'http://127.0.0.1:8080/health',
          username: 'probe',
          password: 'hunter2-stored',
        }),
      });
      expect(connection.status, await connection.clone().text()).toBe(201);
      real.connection = ((await connection.json()) as { id: string }[])[0]!.id;
      for (const [feature, start] of Object.entries(standIns)) backends.set(feature, await start());
    });
    afterAll(async () => {
      for (const backend of backends.values()) await backend.close();
      await server?.close();
      await target.release();
    });

    it.each(cases)('$feature: $name', async ({ feature, call }) => {
      const realSide = recordingClient(server.url, basic('admin@local'));
      const standInSide = recordingClient(backends.get(feature)!.url);
      await call(realSide.client, real as Estate).catch(() => undefined);
      await call(standInSide.client, {
        ...(real as Estate),
        ...standInEstates[feature],
      }).catch(() => undefined);

      // The same requests, ids aside (each side asks about its own estate), in a stable order (a
      // call may send several at once).
      const inOrder = (exchanges: Exchange[], estate: Partial<Estate>) =>
        exchanges
          .map((exchange) => ({
            exchange,
            request: Object.entries(estate).reduce(
              (text, [name, id]) => text.replaceAll(String(id), `{${name}}`),
              `${exchange.method} ${exchange.path}`,
            ),
          }))
          .sort((a, b) => a.request.localeCompare(b.request));
      const realOnes = inOrder(realSide.exchanges, real);
      const standInOnes = inOrder(standInSide.exchanges, standInEstates[feature]!);
      expect(realOnes.length).toBeGreaterThan(0);
      expect(standInOnes.map(({ request }) => request)).toEqual(
        realOnes.map(({ request }) => request),
      );
      // 206 and 200 differ by how many rows exist, not by what a row is.
      const statusOf = (status: number) => (status === 206 ? 200 : status);
      realOnes.forEach(({ exchange }, index) => {
        const stood = standInOnes[index]!.exchange;
        const request = `${exchange.method} ${exchange.path}`;
        expect(exchange.status, `${request}: ${JSON.stringify(exchange.body)}`).toBeLessThan(300);
        expect(statusOf(stood.status), `${request}: the stand-in's status`).toBe(
          statusOf(exchange.status),
        );
        expect(mismatches(merged([exchange.body]), stood.body), request).toEqual([]);
      });
    });
  },
);
