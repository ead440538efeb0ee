import { minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows, PgArray } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/**
 * Demo notifications, silences and their send history. A database the legacy runner made (the
 * upgrade test seeds one before the engine's migrations) lacks the engine's columns: rows are
 * written with the columns the table has.
 */
export const seedNotifications: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const { rows: present } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema()
       AND table_name IN ('notifications', 'notification_send_history')`,
  );
  const has = (table: string) => {
    const columns = new Set(
      present.filter((row) => row.table_name === table).map((row) => row.column_name),
    );
    return (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => columns.has(key)));
  };
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const teamIds = need(context.estate.teamIds, 'teamIds');
  const rootId = need(context.estate.rootComponentId, 'rootComponentId');
  const { rows: someChecks } = await db.query<{ id: string }>(
    'SELECT id FROM checks ORDER BY name LIMIT 20',
  );
  const notifications = [
    {
      // To the first team's channel: a webhook to this server's own sink (see the team below).
      name: 'check-failed',
      events: ['check.failed', 'check.passed'],
      title: 'Check {{.check.name}} is {{.check.status}}',
      filter: "check.type in ['http', 'tcp']",
      team_id: teamIds[0],
      repeat_interval: '1h',
      inhibitions: [{ direction: 'all', from: 'tcp', to: ['http'], depth: 1 }],
    },
    {
      name: 'config-unhealthy',
      events: ['config.unhealthy', 'config.warning'],
      title: '{{.config.type}} {{.config.name}} is {{.config.health}}',
      filter: '',
      team_id: teamIds[1],
    },
    {
      // By email to the admin, through the demo's SMTP connection (127.0.0.1:2525: no mail server
      // runs in the demo, so these sends end in error saying so unless one is started there).
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
    inhibitions: n.inhibitions ?? null,
    source: 'UI',
    created_by: adminId,
  }));
  await insertRows(db, 'notifications', notifications.map(has('notifications')));
  const [checkRule, , incidentRule] = notifications;

  // The first team's channel: a webhook to this server's own sink, a path sent to the origin the
  // server listens on. Incidents mail through a demo SMTP connection on the loopback.
  await db.query(
    `UPDATE teams SET spec = jsonb_set(coalesce(spec, '{}'), '{notifications}', $2::jsonb) WHERE id = $1`,
    [teamIds[0], JSON.stringify([{ url: '/api/notification/sink' }])],
  );
  await insertRows(db, 'connections', [
    {
      id: id('connection:smtp'),
      name: 'demo-smtp',
      namespace: 'default',
      type: 'email',
      url: 'smtp://127.0.0.1:2525/?fromaddress=opsdeck@localhost&fromname=Opsdeck&encryption=None&auth=None',
      username: null,
      password: null,
      certificate: null,
      properties: {
        host: '127.0.0.1',
        port: 2525,
        from: 'opsdeck@localhost',
        fromName: 'Opsdeck',
        encryptionMethod: 'None',
        authMethod: 'None',
      },
      insecure_tls: false,
      source: 'UI',
      created_by: adminId,
    },
  ]);

  // The checks the history is about: http checks with a tcp sibling in their canary (the check
  // rule inhibits the http one after the tcp one), other http checks, and a check of neither type.
  const { rows: pairs } = await db.query<{ http: string; tcp: string; tcp_name: string }>(
    `SELECT DISTINCT ON (h.canary_id) h.id AS http, t.id AS tcp, t.name AS tcp_name FROM checks h
       JOIN checks t ON t.canary_id = h.canary_id AND t.type = 'tcp'
     WHERE h.type = 'http' ORDER BY h.canary_id, h.name, t.name`,
  );
  const { rows: httpChecks } = await db.query<{ id: string }>(
    `SELECT id FROM checks WHERE type = 'http' ORDER BY name`,
  );
  const { rows: otherChecks } = await db.query<{ id: string; type: string }>(
    `SELECT id, type FROM checks WHERE type NOT IN ('http', 'tcp') ORDER BY name`,
  );
  const { rows: incidents } = await db.query<{ id: string; created_at: string }>(
    'SELECT id, created_at FROM incidents ORDER BY created_at, id',
  );
  const silencedCheck = otherChecks[0]?.id ?? someChecks[0]?.id ?? null;

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
    check_id: null as string | null,
    source: 'UI',
    created_by: adminId,
    ...s,
  }));
  // A flapping check silenced for good (until null: indefinitely) since before the history starts.
  const flapping = {
    id: id('silence:flapping-check'),
    namespace: 'default',
    selectors: null,
    recursive: false,
    check_id: silencedCheck,
    source: 'UI',
    created_by: adminId,
    name: 'flapping-check',
    description: 'Flaps on every deploy; silenced until it is fixed',
    filter: null as string | null,
    from: minutesAgo(now, 60 * 24 * 8),
    until: null,
  };
  await insertRows(db, 'notification_silences', silencedCheck ? [...silences, flapping] : silences);

  // Every status, in rounds of nine that tell one story each: the check rule sends for a tcp check
  // and two http checks, a mail about an incident fails (no mail server), a send waits for its
  // retry, a check of another type is skipped by the filter, the flapping check is silenced, the
  // first http check fails again within the repeat interval, and the tcp check's http sibling is
  // inhibited. Times run forward within a round and rounds go back from the start time; the draws
  // from the shared PRNG are the ones this seed always made.
  const STATUSES = [
    'sent',
    'sent',
    'sent',
    'error',
    'pending',
    'skipped',
    'silenced',
    'repeat-interval',
    'inhibited',
  ] as const;
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length];
  const sendHistory: Record<string, unknown>[] = [];
  for (let n = 0; n < 60; n += 1) {
    random.pick(STATUSES);
    random.int(1, 60 * 24 * 7);
    const count = random.int(1, 3);
    random.pick(notifications);
    const duration = random.int(20, 900);
    random.pick(['check.failed', 'config.unhealthy', 'incident.created']);
    if (someChecks[0]) random.pick(someChecks);
    const round = Math.floor(n / STATUSES.length);
    const step = n % STATUSES.length;
    const status = STATUSES[step]!;
    const pair = pick(pairs, round);
    const httpA = pair?.tcp ?? pick(httpChecks, round)?.id ?? rootId;
    const httpB = pick(httpChecks, round + 1)?.id ?? rootId;
    const httpC = pick(httpChecks, round + 2)?.id ?? rootId;
    const roundStart = now.getTime() - (round * 20 + 3) * 60 * 60_000;
    let at = new Date(roundStart + step * 5 * 60_000).toISOString();
    const checkSend = {
      notification_id: checkRule!.id,
      source_event: 'check.failed',
      team_id: teamIds[0],
      person_id: null,
      body: 'See /health',
      payload: { resource_kind: 'check' },
    };
    let row: Record<string, unknown>;
    switch (status) {
      case 'sent':
        row = {
          ...checkSend,
          resource_id: step === 0 ? httpA : step === 1 ? httpB : httpC,
          reason: 'sent',
        };
        break;
      case 'error': {
        const incident = pick(incidents, round);
        // A mail is attempted after its incident opened.
        if (incident && Date.parse(incident.created_at) > Date.parse(at))
          at = new Date(Date.parse(incident.created_at) + 60_000).toISOString();
        const error = 'connect ECONNREFUSED 127.0.0.1:2525';
        row = {
          notification_id: incidentRule!.id,
          source_event: 'incident.created',
          resource_id: incident?.id ?? rootId,
          person_id: adminId,
          team_id: null,
          body: 'See /incidents',
          error,
          reason: `send failed: ${error}`,
          payload: { resource_kind: 'incident' },
        };
        break;
      }
      case 'pending':
        // Tried and due again shortly: the engine sends it then.
        row = {
          ...checkSend,
          resource_id: httpC,
          reason: 'due',
          retries: count,
          not_before: minutesAgo(now, -5 * (round + 1)),
        };
        break;
      case 'skipped':
        row = {
          ...checkSend,
          resource_id: pick(otherChecks, round)?.id ?? rootId,
          body: null,
          reason: `filter is false: ${checkRule!.filter}`,
        };
        break;
      case 'silenced':
        row = {
          ...checkSend,
          resource_id: silencedCheck ?? rootId,
          body: null,
          silenced_by: silencedCheck ? flapping.id : null,
          reason: 'silenced by flapping-check',
        };
        break;
      case 'repeat-interval':
        row = {
          ...checkSend,
          resource_id: httpB,
          body: null,
          reason: `already notified at ${new Date(roundStart + 5 * 60_000).toISOString()}, within the repeat interval 1h`,
        };
        break;
      default:
        row = {
          ...checkSend,
          resource_id: pair?.http ?? httpB,
          body: null,
          // Worded as the engine words it (decide.ts), naming the tcp check that was notified.
          reason: `inhibited by tcp check ${pair?.tcp_name ?? 'of its canary'}, notified at ${new Date(roundStart).toISOString()}`,
        };
    }
    sendHistory.push({
      id: id(`send:${n}`),
      body: null,
      error: null,
      silenced_by: null,
      retries: status === 'pending' ? count : status === 'sent' || status === 'error' ? 1 : 0,
      not_before: null,
      ...row,
      status,
      count: 1,
      duration_millis: status === 'sent' || status === 'error' ? duration : null,
      first_observed: at,
      created_at: at,
    });
  }
  await insertRows(
    db,
    'notification_send_history',
    sendHistory.map(has('notification_send_history')),
  );
};
