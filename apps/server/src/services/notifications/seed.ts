import { minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows, PgArray } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/** Demo notifications, silences and their send history. */
export const seedNotifications: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const teamIds = need(context.estate.teamIds, 'teamIds');
  const rootId = need(context.estate.rootComponentId, 'rootComponentId');
  const { rows: someChecks } = await db.query<{ id: string }>(
    'SELECT id FROM checks ORDER BY name LIMIT 20',
  );
  const notifications = [
    {
      name: 'check-failed',
      events: ['check.failed', 'check.passed'],
      title: 'Check {{.check.name}} is {{.check.status}}',
      filter: "check.labels.critical == 'true'",
      team_id: teamIds[0],
    },
    {
      name: 'config-unhealthy',
      events: ['config.unhealthy', 'config.warning'],
      title: '{{.config.type}} {{.config.name}} is {{.config.health}}',
      filter: '',
      team_id: teamIds[1],
    },
    {
      name: 'incident-created',
      events: ['incident.created'],
      title: 'New incident {{.incident.title}}',
      filter: '',
      person_id: adminId,
    },
    {
      name: 'component-status',
      events: ['component.unhealthy'],
      title: 'Component {{.component.name}} unhealthy',
      filter: '',
      team_id: teamIds[2],
    },
    {
      name: 'pod-crashlooping',
      events: ['config.unhealthy'],
      title: 'Pod {{.config.name}} is crash-looping',
      filter: "config.type == 'Kubernetes::Pod'",
      team_id: teamIds[0],
      repeat_interval: '4h',
    },
  ].map((n) => ({
    id: id(`notification:${n.name}`),
    name: n.name,
    namespace: 'default',
    events: new PgArray(n.events),
    title: n.title,
    template: 'See {{.permalink}}',
    filter: n.filter,
    properties: {},
    person_id: n.person_id ?? null,
    team_id: n.team_id ?? null,
    custom_services: null,
    repeat_interval: n.repeat_interval ?? null,
    source: 'UI',
    created_by: adminId,
  }));
  await insertRows(db, 'notifications', notifications);
  const silences = [
    {
      name: 'staging-maintenance',
      description: 'Planned staging maintenance',
      filter: "check.labels.env == 'staging'",
      from: minutesAgo(now, 60),
      until: minutesAgo(now, -240),
    },
    {
      name: 'rds-readreplica-maintenance',
      description: 'RDS maintenance window and brief flaps',
      filter: "config.type == 'AWS::RDS::DBInstance'",
      from: minutesAgo(now, 60 * 24),
      until: null,
    },
    {
      name: 'old-window',
      description: 'Expired silence',
      filter: "check.type == 'dns'",
      from: minutesAgo(now, 60 * 24 * 5),
      until: minutesAgo(now, 60 * 24 * 4),
    },
  ].map((s) => ({
    id: id(`silence:${s.name}`),
    namespace: 'default',
    selectors: null,
    recursive: false,
    source: 'UI',
    created_by: adminId,
    ...s,
  }));
  await insertRows(db, 'notification_silences', silences);
  const sendHistory: Record<string, unknown>[] = [];
  for (let n = 0; n < 60; n += 1) {
    const status = random.pick([
      'sent',
      'sent',
      'sent',
      'error',
      'pending',
      'skipped',
      'silenced',
      'repeat-interval',
      'inhibited',
    ]);
    const at = minutesAgo(now, random.int(1, 60 * 24 * 7));
    sendHistory.push({
      id: id(`send:${n}`),
      notification_id: random.pick(notifications).id,
      body: 'Demo notification body',
      error: status === 'error' ? 'slack: channel_not_found' : null,
      status,
      count: random.int(1, 3),
      source_event: random.pick(['check.failed', 'config.unhealthy', 'incident.created']),
      resource_id: someChecks[0] ? random.pick(someChecks).id : rootId,
      person_id: null,
      silenced_by: status === 'silenced' ? silences[1]!.id : null,
      duration_millis: random.int(20, 900),
      first_observed: at,
      created_at: at,
    });
  }
  await insertRows(db, 'notification_send_history', sendHistory);
};
