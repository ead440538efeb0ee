import { minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/**
 * The settings areas: job history, connections, the event queue and logging backends. Runs before
 * notifications: that is where the estate drew job history from the PRNG before the split.
 */
export const seedSettings: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const agentIds = need(context.estate.agentIds, 'agentIds');
  const topologyId = need(context.estate.topologyId, 'topologyId');
  const { kubernetes: scraperId, aws: awsScraperId } = need(
    context.estate.scraperIds,
    'scraperIds',
  );
  const jobs = [
    'SyncCanaryJobs',
    'ScrapeConfigs',
    'CleanupCheckStatuses',
    'PushChecksToUpstream',
    'ComponentCheckRun',
    'RefreshCheckStatusSummary',
    'SyncTopology',
    'NotificationSend',
  ];
  const jobRows: Record<string, unknown>[] = [];
  for (let n = 0; n < 240; n += 1) {
    const status = random.pick([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'WARNING',
      'FAILED',
      'SKIPPED',
      'RUNNING',
    ]);
    const start = now.getTime() - random.int(1, 60 * 24 * 7) * 60_000;
    const duration = random.int(50, 120_000);
    jobRows.push({
      id: id(`job:${n}`),
      agent_id: random.pick(agentIds),
      name: random.pick(jobs),
      resource_type: random.pick(['canary', 'config_scraper', 'topology']),
      resource_id: random.pick([scraperId, awsScraperId, topologyId]),
      status,
      success_count: random.int(0, 500),
      error_count: status === 'FAILED' ? random.int(1, 20) : 0,
      details: status === 'FAILED' ? { errors: ['context deadline exceeded'] } : {},
      hostname: 'opsdeck-0',
      duration_millis: duration,
      time_start: new Date(start).toISOString(),
      time_end: status === 'RUNNING' ? null : new Date(start + duration).toISOString(),
      created_at: new Date(start).toISOString(),
    });
  }
  await insertRows(db, 'job_history', jobRows);

  await insertRows(db, 'connections', [
    {
      id: id('connection:slack'),
      name: 'slack-alerts',
      namespace: 'default',
      type: 'slack',
      url: 'slack://hooks',
      username: null,
      password: 'demo-secret',
      certificate: null,
      properties: { channel: '#alerts' },
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
    {
      id: id('connection:postgres'),
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://orders-db.internal:5432/orders',
      username: 'readonly',
      password: 'demo-secret',
      certificate: null,
      properties: {},
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
    {
      id: id('connection:github'),
      name: 'github',
      namespace: 'default',
      type: 'github',
      url: 'https://api.github.com',
      username: null,
      password: 'demo-token',
      certificate: null,
      properties: {},
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
    {
      id: id('connection:prometheus'),
      name: 'prometheus',
      namespace: 'monitoring',
      type: 'prometheus',
      url: 'http://prometheus.monitoring.svc:9090',
      username: null,
      password: null,
      certificate: null,
      properties: {},
      insecure_tls: true,
      source: 'UI',
      created_by: adminId,
    },
  ]);
  await insertRows(db, 'event_queue', [
    {
      name: 'notification.send',
      properties: { id: id('notification:check-failed') },
      error: 'slack: rate limited',
      attempts: 3,
      last_attempt: minutesAgo(now, 2),
      priority: 10,
      created_at: minutesAgo(now, 30),
    },
    {
      name: 'playbook.action',
      properties: {},
      error: null,
      attempts: 0,
      last_attempt: null,
      priority: 5,
      created_at: minutesAgo(now, 1),
    },
  ]);
  await insertRows(db, 'logging_backends', [
    {
      id: id('logging:loki'),
      name: 'loki',
      labels: { env: 'production' },
      spec: { loki: { url: 'http://loki.monitoring.svc:3100' } },
      source: 'UI',
      created_by: adminId,
    },
  ]);
};
