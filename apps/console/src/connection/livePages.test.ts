// Every page live (issue 38): for each query a page shows, a change event on each table its data
// comes from (through the views it reads: every base table the server's triggers report) invalidates
// that query's key. One row per page query; the test runs the real change stream client against a
// stream that announces one table's write, so a page whose key is not reached by its table fails.
import { createApiClient } from '@opsdeck/api-client';
import {
  jobHistoryQuery,
  permissionsQuery,
  propertiesListQuery,
  usersQuery,
} from '@opsdeck/api-client/admin';
import {
  catalogChangesQuery,
  configChecksQuery,
  configComponentsQuery,
  configDetailQuery,
  configDiffHistoryQuery,
  configInsightsQuery,
  configPageQuery,
  configScrapersQuery,
  scraperJobsQuery,
} from '@opsdeck/api-client/catalog';
import {
  checkDetailsQuery,
  checkSummaryQuery,
  recentStatusesQuery,
  statusHistoryQuery,
} from '@opsdeck/api-client/health';
import {
  evidenceSubjectsQuery,
  incidentHistoryQuery,
  incidentListQuery,
  incidentQuery,
  incidentTimelineQuery,
} from '@opsdeck/api-client/incidents';
import {
  checkTransitionsQuery,
  notificationSendsQuery,
  silencesQuery,
} from '@opsdeck/api-client/notifications';
import {
  playbookRunActionsQuery,
  playbookRunQuery,
  playbookRunsQuery,
  playbooksQuery,
} from '@opsdeck/api-client/playbooks';
import {
  resourceJobsQuery,
  settingsResourcesQuery,
  teamMembersQuery,
  type SettingsTable,
} from '@opsdeck/api-client/settings';
import {
  componentChecksQuery,
  componentConfigsQuery,
  componentIncidentsQuery,
  topologyQuery,
} from '@opsdeck/api-client/topology';
import { createFakeBackend, text, type FakeBackend } from '@opsdeck/testing';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { runChangeStream } from './changeStream.ts';
import { consoleInvalidations } from './invalidations.ts';

// The keys only: no request is made through this client.
const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/api' });
const page = { pageIndex: 0, pageSize: 50 };

interface PageQuery {
  page: string;
  key: QueryKey;
  /** The tables (as the change stream names them) whose writes change what the query shows. */
  tables: readonly string[];
}

const settingsTables: readonly SettingsTable[] = [
  'canaries',
  'topologies',
  'teams',
  'incident_rules',
  'logging_backends',
  'config_scrapers',
];

const pageQueries: readonly PageQuery[] = [
  // Health: the rows (check_summary: checks, canaries; a result is recorded with its check's status,
  // so `checks` stands for check_statuses), their status strips, and the check modal.
  {
    page: '/health rows',
    key: checkSummaryQuery(client, {}).queryKey,
    tables: ['checks', 'canaries'],
  },
  {
    page: '/health strips',
    key: recentStatusesQuery(client, ['c1'], 0).queryKey,
    tables: ['checks'],
  },
  { page: 'check modal', key: checkDetailsQuery(client, 'c1').queryKey, tables: ['checks'] },
  {
    page: 'check modal history',
    key: statusHistoryQuery(client, { checkId: 'c1', start: '2026-11-27T00:00:00Z' }).queryKey,
    tables: ['checks'],
  },
  // Topology: the cards (tree) and a component's panels.
  {
    page: '/topology cards',
    key: topologyQuery(client, {}).queryKey,
    tables: [
      'topologies',
      'components',
      'component_relationships',
      'team_components',
      'teams',
      'canaries',
      'checks',
      'check_component_relationships',
      'config_items',
      'config_component_relationships',
      'config_analysis',
      'config_changes',
      'incidents',
      'hypotheses',
      'evidences',
    ],
  },
  {
    page: 'component checks',
    key: componentChecksQuery(client, 'k1').queryKey,
    tables: ['checks', 'check_component_relationships'],
  },
  {
    page: 'component configs',
    key: componentConfigsQuery(client, 'k1').queryKey,
    tables: ['config_items', 'config_component_relationships'],
  },
  {
    page: 'component incidents',
    key: componentIncidentsQuery(client, 'k1').queryKey,
    tables: ['incidents', 'hypotheses', 'evidences'],
  },
  // Catalog: the list, a config's pages and its changes, the scrapers and their jobs.
  {
    page: '/catalog list',
    key: configPageQuery(client, page).queryKey,
    tables: ['config_items', 'config_analysis', 'config_changes'],
  },
  {
    page: '/catalog changes',
    key: catalogChangesQuery(client, { ...page, configId: 'x1' }).queryKey,
    tables: ['config_changes', 'config_items'],
  },
  {
    page: 'config diffs',
    key: configDiffHistoryQuery(client, 'x1').queryKey,
    tables: ['config_changes'],
  },
  {
    page: 'config detail',
    key: configDetailQuery(client, 'x1').queryKey,
    tables: [
      'config_items',
      'config_analysis',
      'config_relationships',
      'config_scrapers',
      'agents',
      'check_config_relationships',
    ],
  },
  {
    page: 'config insights',
    key: configInsightsQuery(client, { ...page, configId: 'x1' }).queryKey,
    tables: ['config_analysis', 'config_items'],
  },
  {
    page: 'config checks',
    key: configChecksQuery(client, 'x1').queryKey,
    tables: ['checks', 'canaries', 'check_config_relationships'],
  },
  {
    page: 'config components',
    key: configComponentsQuery(client, 'x1').queryKey,
    tables: ['config_component_relationships', 'components'],
  },
  {
    page: 'scrapers',
    key: configScrapersQuery(client).queryKey,
    tables: ['config_scrapers', 'job_history', 'agents'],
  },
  {
    page: 'scraper jobs',
    key: scraperJobsQuery(client, { scraperId: 's1', ...page }).queryKey,
    tables: ['job_history', 'agents', 'config_scrapers'],
  },
  // Incidents: the list (incident_summary), one incident, its history and timeline.
  {
    page: '/incidents list',
    key: incidentListQuery(client, page).queryKey,
    tables: ['incidents', 'comments', 'responders', 'people', 'teams', 'hypotheses', 'evidences'],
  },
  {
    page: 'incident detail',
    key: incidentQuery(client, 'i1').queryKey,
    tables: ['incidents', 'hypotheses', 'evidences', 'comments', 'responders', 'people'],
  },
  {
    page: 'incident history',
    key: incidentHistoryQuery(client, 'i1').queryKey,
    tables: ['incident_histories', 'people'],
  },
  {
    page: 'incident timeline',
    key: incidentTimelineQuery(client, 'i1').queryKey,
    tables: [
      'incident_histories',
      'comments',
      'hypotheses',
      'evidences',
      'responders',
      'people',
      'teams',
      'checks',
      'config_changes',
      'config_items',
    ],
  },
  {
    page: 'incident evidence',
    key: evidenceSubjectsQuery(client, 'i1', {
      checks: ['c1'],
      configs: [],
      components: [],
      configChanges: [],
    }).queryKey,
    tables: ['checks', 'config_items', 'components', 'config_changes'],
  },
  // Playbooks: the runs and one run's actions.
  { page: '/playbooks', key: playbooksQuery(client).queryKey, tables: ['playbooks'] },
  {
    page: 'playbook runs',
    key: playbookRunsQuery(client, page).queryKey,
    tables: ['playbook_runs', 'playbooks', 'people', 'components'],
  },
  {
    page: 'playbook run',
    key: playbookRunQuery(client, 'r1').queryKey,
    tables: ['playbook_runs', 'playbook_approvals', 'playbooks'],
  },
  {
    page: 'playbook run actions',
    key: playbookRunActionsQuery(client, 'r1').queryKey,
    tables: ['playbook_run_actions', 'playbook_runs'],
  },
  // Notifications: the sends, the check trace and the silences.
  {
    page: '/notifications sends',
    key: notificationSendsQuery(client, page).queryKey,
    tables: ['notification_send_history', 'incidents', 'playbook_runs', 'playbooks', 'components'],
  },
  {
    page: 'check trace',
    key: checkTransitionsQuery(client, { ...page, since: '2026-11-27T00:00:00Z' }).queryKey,
    tables: ['checks', 'notification_send_history', 'notification_silences', 'notifications'],
  },
  {
    page: '/notifications silences',
    key: silencesQuery(client, { ...page, state: 'active' }).queryKey,
    tables: ['notification_silences', 'notification_send_history'],
  },
  // Job history (/settings/jobs) and the settings lists.
  {
    page: '/settings/jobs',
    key: jobHistoryQuery(client, page).queryKey,
    tables: ['job_history', 'agents', 'canaries', 'config_scrapers', 'playbooks', 'topologies'],
  },
  {
    page: 'a resource’s jobs',
    key: resourceJobsQuery(client, { resourceId: 'r1', ...page }).queryKey,
    tables: ['job_history', 'agents', 'canaries', 'config_scrapers', 'playbooks', 'topologies'],
  },
  ...settingsTables.map((table) => ({
    page: `/settings ${table}`,
    key: settingsResourcesQuery(client, table).queryKey,
    tables: [table],
  })),
  {
    page: 'team members',
    key: teamMembersQuery(client, 't1').queryKey,
    tables: ['team_members', 'people'],
  },
  { page: '/settings/users', key: usersQuery(client).queryKey, tables: ['people', 'identities'] },
  {
    page: '/settings/permissions',
    key: permissionsQuery(client, page).queryKey,
    tables: [
      'permissions',
      'people',
      'teams',
      'playbooks',
      'canaries',
      'components',
      'connections',
    ],
  },
  {
    page: '/settings/feature-flags',
    key: propertiesListQuery(client).queryKey,
    tables: ['properties'],
  },
];

/** Table → the page queries a write to it must refresh. */
const byTable = new Map<string, PageQuery[]>();
for (const query of pageQueries)
  for (const table of query.tables) byTable.set(table, [...(byTable.get(table) ?? []), query]);

const sse = (body: string) => text(body, { headers: { 'content-type': 'text/event-stream' } });
const change = (table: string) =>
  `event: change\nid: 1\ndata: ${JSON.stringify({ id: 1, table, action: 'update', ids: ['x'], count: 1, actor: 'system', at: '2026-11-27T10:00:00Z' })}\n\n`;

let backend: FakeBackend | undefined;
let controller: AbortController | undefined;
afterEach(async () => {
  controller?.abort();
  await backend?.close();
});

describe('every page is live', () => {
  it.each([...byTable.keys()].sort())(
    'a write to %s refreshes the pages that show it',
    async (table) => {
      backend = await createFakeBackend({ 'GET /api/events': () => sse(change(table)) });
      const queryClient = new QueryClient();
      for (const query of pageQueries) queryClient.setQueryData(query.key, {});
      controller = new AbortController();
      let opened = false;
      void runChangeStream({
        client: createApiClient({ baseUrl: `${backend.url}/api` }),
        queryClient,
        invalidations: consoleInvalidations,
        onMode: (mode) => (opened ||= mode === 'live'),
        signal: controller.signal,
        batchMs: 1,
        reconnectDelays: [60_000],
      });
      const expected = byTable.get(table)!;
      const stale = () =>
        expected.filter((query) => !queryClient.getQueryState(query.key)?.isInvalidated);
      const deadline = Date.now() + 3000;
      while (stale().length > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(opened).toBe(true);
      expect(stale().map((query) => query.page)).toEqual([]);
    },
  );
});
