// Issue 34 GitOps: `--resources DIR` loads Notification and NotificationSilence documents into the
// notifications and notification_silences tables with source ConfigFile, on PGlite and PostgreSQL.
// Every fixture of shared/fixtures/mission-control/{notifications,silences} is copied into a temp
// dir at test time and loads; the engine then sends by a loaded rule and is silenced by a loaded
// silence (an expired one is not); a broken document is named by file, document and path and changes
// nothing; /api/db refuses to change a loaded row.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { loadResources, ResourceLoadError } from '../../resources/loader.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';
import { testDatabases } from '../../testing/databases.ts';
import { recordResult } from '../canary/runner.ts';
import { defaultServiceRegistry } from '../list.ts';
import { NotificationEngine } from './engine.ts';

type Row = Record<string, unknown>;
const kinds = () => defaultServiceRegistry().resourceKinds();
const LOOPBACK = { allowPrivate: true, allowLinkLocal: false };

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'opsdeck-notification-gitops-'));
  tempDirs.push(dir);
  return dir;
}
// The fixtures as they are, in a directory of the test's own.
function fixtureDir(): string {
  const dir = tempDir();
  for (const folder of ['notifications', 'silences'])
    cpSync(fixturePath(`mission-control/${folder}`), join(dir, folder), { recursive: true });
  return dir;
}

// The team the http-check-passed fixture sends to, in a file that sorts after the notifications folder:
// it loads first all the same.
const teamYaml = (url: string) =>
  [
    'apiVersion: mission-control.flanksource.com/v1',
    'kind: Team',
    'metadata: { name: backend }',
    'spec:',
    '  notifications:',
    `    - url: ${url}`,
    '',
  ].join('\n');

const silenceYaml = (name: string, spec: string[]) =>
  [
    'apiVersion: mission-control.flanksource.com/v1',
    'kind: NotificationSilence',
    `metadata: { name: ${name} }`,
    'spec:',
    ...spec.map((line) => `  ${line}`),
    '',
  ].join('\n');

describe.each(testDatabases('one'))(
  'Notification and NotificationSilence resources on $engine',
  (target) => {
    let db: Database;
    let server: TestServer;
    let receiver: Server;
    let receiverUrl: string;
    const received: Row[] = [];
    const engine = () => new NotificationEngine({ db, log: () => undefined, outbound: LOOPBACK });

    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer({ db, auth: 'disabled' });
      receiver = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString()));
        request.on('end', () => {
          received.push(JSON.parse(text || '{}') as Row);
          response.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      // The person the incident-status-updates fixture names.
      await db.query(
        `INSERT INTO people (name, email) VALUES ('Aditya', 'aditya@flanksource.com')`,
      );
    });
    afterAll(async () => {
      await server.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await target.release();
      for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    });

    const rule = async (name: string) =>
      (
        await db.query<Row>(
          `SELECT id, namespace, source, events, title, template, filter, properties, person_id, team_id,
           playbook_id, custom_services, repeat_interval, wait_for, inhibitions,
           wait_for_eval_period, group_by, fallback_delay, fallback_team_id, fallback_custom_services
         FROM notifications WHERE name = $1 AND deleted_at IS NULL`,
          [name],
        )
      ).rows;
    const silence = async (name: string) =>
      (
        await db.query<Row>(
          `SELECT id, namespace, source, description, filter, selectors, "from", until, recursive,
           check_id
         FROM notification_silences WHERE name = $1 AND deleted_at IS NULL`,
          [name],
        )
      ).rows;
    const idOf = async (table: string, where: string, value: string) =>
      (await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} = $1`, [value]))
        .rows[0]!.id;

    let dir: string;

    it('loads every notification and silence fixture with source ConfigFile', async () => {
      dir = fixtureDir();
      writeFileSync(join(dir, 'z-team.yaml'), teamYaml(receiverUrl));
      const summary = await loadResources(db, dir, kinds());
      expect(summary.refused).toEqual([]);
      expect(summary.skipped).toEqual([]);
      expect(summary.loaded).toEqual({
        Team: { created: 1, updated: 0, unchanged: 0 },
        Notification: { created: 11, updated: 0, unchanged: 0 },
        NotificationSilence: { created: 4, updated: 0, unchanged: 0 },
      });
      const { rows } = await db.query<{ source: string; count: number }>(
        `SELECT source, count(*)::int AS count FROM notifications WHERE deleted_at IS NULL GROUP BY source
       UNION ALL
       SELECT source, count(*)::int FROM notification_silences WHERE deleted_at IS NULL GROUP BY source`,
      );
      expect(rows).toEqual([
        { source: 'ConfigFile', count: 11 },
        { source: 'ConfigFile', count: 4 },
      ]);

      // Recipients: an address, a connection with its properties, a team and a person by their ids.
      expect(await rule('health-check-alerts')).toMatchObject([
        {
          namespace: 'default',
          events: ['check.failed'],
          filter: 'matchQuery(.check, "type!=http labels.Expected-Fail!=true")',
          custom_services: [{ email: 'alerts@acme.com' }],
          person_id: null,
          team_id: null,
        },
      ]);
      const slack = (await rule('component-error-or-warning'))[0]!;
      expect(slack).toMatchObject({
        events: ['component.status.error', 'component.status.warning'],
        title: '{{.component.name}} status updated to {{.component.status}}\n',
        custom_services: [
          {
            connection: 'connection://Slack/incident-notifications',
            properties: {
              color: '{{if eq .component.status "error"}}bad{{else}}#FFA700{{end}}',
            },
          },
        ],
      });
      expect(slack.template).toContain('[Reference]({{.permalink}})');
      expect(await rule('http-check-passed')).toMatchObject([
        { team_id: await idOf('teams', 'name', 'backend'), filter: "check.type == 'http'" },
      ]);
      expect(await rule('incident-status-updates')).toMatchObject([
        {
          person_id: await idOf('people', 'email', 'aditya@flanksource.com'),
          custom_services: null,
        },
      ]);
      expect(await rule('pod-with-incoming-inhibition')).toMatchObject([
        {
          repeat_interval: '4h',
          inhibitions: [
            {
              direction: 'incoming',
              from: 'Kubernetes::Pod',
              to: ['Kubernetes::Deployment', 'Kubernetes::ReplicaSet'],
              depth: 2,
            },
          ],
        },
      ]);
      // waitForEvalPeriod and groupBy are kept (migration 005), not dropped.
      expect(await rule('config-health')).toMatchObject([
        { wait_for: '2m', wait_for_eval_period: '30s', group_by: ['label:app'] },
      ]);

      // Silences: namespace, selectors, the window of dates, none for an indefinite one.
      const window = (await silence('test-env-silence'))[0]!;
      expect(window).toMatchObject({
        namespace: 'default',
        selectors: [{ namespace: 'test' }, { namespace: 'stage' }],
        recursive: false,
      });
      expect(new Date(window.from as string).toISOString()).toBe('2025-01-01T00:00:00.000Z');
      expect(new Date(window.until as string).toISOString()).toBe('2025-02-01T00:00:00.000Z');
      expect(await silence('low-severity-jobs')).toMatchObject([
        {
          selectors: [{ types: ['Kubernetes::Job'], tagSelector: 'severity=low' }],
          from: null,
          until: null,
        },
      ]);
      const freeze = (await silence('canary-unhealthy-freeze-window'))[0]!;
      expect(freeze.namespace).toBe('mc');
      expect(freeze.filter).toContain('time.InTimeRange(event_time, "06:00", "07:00")');

      // The same files again change nothing (arrays, dates and jsonb compare equal).
      const again = await loadResources(db, dir, kinds());
      expect(again.loaded).toEqual({
        Team: { created: 0, updated: 0, unchanged: 1 },
        Notification: { created: 0, updated: 0, unchanged: 11 },
        NotificationSilence: { created: 0, updated: 0, unchanged: 4 },
      });
      expect(again.removed).toEqual([]);
    });

    let checkId: string;
    let clock = Date.now();
    const result = (pass: boolean) =>
      recordResult(db, checkId, {
        name: 'c',
        start: new Date((clock += 1000)).toISOString(),
        pass,
        invalid: false,
        duration: 5,
        message: pass ? 'ok' : '',
        error: pass ? '' : 'connection refused',
      });
    const sends = async (ruleName: string) =>
      (
        await db.query<{ status: string; silenced_by: string | null }>(
          `SELECT h.status, h.silenced_by FROM notification_send_history h
         JOIN notifications n ON n.id = h.notification_id
         WHERE n.name = $1 AND h.resource_id = $2 ORDER BY h.created_at, h.id`,
          [ruleName, checkId],
        )
      ).rows;

    it('sends by a loaded rule, past an expired loaded silence, and is silenced by a loaded one', async () => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO canaries (name, namespace) VALUES ($1, 'test') RETURNING id`,
        [`canary-${randomUUID()}`],
      );
      ({ id: checkId } = (
        await db.query<{ id: string }>(
          `INSERT INTO checks (canary_id, type, name, namespace, status)
         VALUES ($1, 'http', $2, 'test', 'unhealthy') RETURNING id`,
          [rows[0]!.id, `web-${randomUUID()}`],
        )
      ).rows[0]!);

      // Passing: the http-check-passed fixture goes to team backend's channel. The test-env-silence
      // fixture covers namespace test, but only in January 2025.
      await result(true);
      await engine().takeEvents();
      expect(await sends('http-check-passed')).toEqual([{ status: 'pending', silenced_by: null }]);
      const before = received.length;
      expect(await engine().sendDue()).toMatchObject({ sent: 1, failed: 0 });
      expect(received.slice(before)).toHaveLength(1);
      expect(await sends('http-check-passed')).toEqual([{ status: 'sent', silenced_by: null }]);

      // A silence file for this check, indefinite: the next pass is silenced by its row.
      writeFileSync(
        join(dir, 'silences', 'web.yaml'),
        silenceYaml('web-maintenance', [`check_id: ${checkId}`, 'description: web is moving']),
      );
      expect((await loadResources(db, dir, kinds())).loaded.NotificationSilence).toMatchObject({
        created: 1,
        unchanged: 4,
      });
      const [loaded] = await silence('web-maintenance');
      expect(loaded).toMatchObject({ source: 'ConfigFile', check_id: checkId, until: null });
      await result(false);
      await result(true);
      await engine().takeEvents();
      expect(await engine().sendDue()).toMatchObject({ sent: 0 });
      expect(await sends('http-check-passed')).toEqual([
        { status: 'sent', silenced_by: null },
        { status: 'silenced', silenced_by: loaded!.id },
      ]);

      // The file removed: its silence is gone and the next pass is sent again.
      rmSync(join(dir, 'silences', 'web.yaml'));
      expect((await loadResources(db, dir, kinds())).removed).toEqual([
        'NotificationSilence default/web-maintenance',
      ]);
      await result(false);
      await result(true);
      await engine().takeEvents();
      expect(await engine().sendDue()).toMatchObject({ sent: 1 });
      expect((await sends('http-check-passed')).map((send) => send.status)).toEqual([
        'sent',
        'silenced',
        'sent',
      ]);
    });

    it('loads a rule naming a team that does not exist with its error, each send an error saying so', async () => {
      const orphan = [
        'apiVersion: mission-control.flanksource.com/v1',
        'kind: Notification',
        'metadata: { name: orphan }',
        'spec:',
        '  events: [check.passed]',
        "  filter: check.type == 'http'",
        '  to: { team: platform }',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'notifications', 'orphan.yaml'), orphan);
      await loadResources(db, dir, kinds());
      const problem = 'spec.to.team: there is no team platform (a team is named by id or name)';
      expect(await rule('orphan')).toMatchObject([{ source: 'ConfigFile', team_id: null }]);
      expect(
        (await db.query("SELECT error FROM notifications WHERE name = 'orphan'")).rows,
      ).toEqual([{ error: problem }]);
      await result(false);
      await result(true);
      await engine().takeEvents();
      await engine().sendDue();
      expect(
        (
          await db.query(
            `SELECT h.status, h.error FROM notification_send_history h
           JOIN notifications n ON n.id = h.notification_id WHERE n.name = 'orphan'`,
          )
        ).rows,
      ).toEqual([{ status: 'error', error: problem }]);

      // Once the team is in a file too, the next load gives the rule its recipient.
      writeFileSync(
        join(dir, 'platform.yaml'),
        teamYaml(receiverUrl).replace('backend', 'platform'),
      );
      const summary = await loadResources(db, dir, kinds());
      expect(summary.loaded.Notification).toMatchObject({ updated: 1 });
      expect(await rule('orphan')).toMatchObject([
        { team_id: await idOf('teams', 'name', 'platform') },
      ]);
      expect(
        (await db.query("SELECT error FROM notifications WHERE name = 'orphan'")).rows,
      ).toEqual([{ error: null }]);
      rmSync(join(dir, 'notifications', 'orphan.yaml'));
      rmSync(join(dir, 'platform.yaml'));
      expect((await loadResources(db, dir, kinds())).removed).toEqual([
        'Notification default/orphan',
        'Team platform',
      ]);
    });

    it("decides the fixtures' matchQuery rule by its filter, not as a filter that failed", async () => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO canaries (name) VALUES ($1) RETURNING id`,
        [`canary-${randomUUID()}`],
      );
      const checkOf = async (type: string) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO checks (canary_id, type, name, status) VALUES ($1, $2, $3, 'healthy')
             RETURNING id`,
            [rows[0]!.id, type, `${type}-${randomUUID()}`],
          )
        ).rows[0]!.id;
      const tcp = await checkOf('tcp');
      const http = await checkOf('http');
      const ruleId = (await rule('health-check-alerts'))[0]!.id as string;
      for (const id of [tcp, http]) {
        await db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [id]);
      }
      await engine().takeEvents();
      // The tcp check is due a send; the http one is not matched (type!=http), with the reason.
      const { rows: decided } = await db.query<{ resource_id: string; status: string }>(
        `SELECT resource_id, status FROM notification_send_history WHERE notification_id = $1
         AND resource_id IN ($2, $3)`,
        [ruleId, tcp, http],
      );
      expect(decided).toEqual([{ resource_id: tcp, status: 'pending' }]);
      const { rows: unmatched } = await db.query<{
        unmatched: { rule_id: string; reason: string }[];
      }>(`SELECT unmatched FROM opsdeck.notification_decided_events WHERE resource_id = $1`, [
        http,
      ]);
      expect(unmatched[0]!.unmatched).toContainEqual({
        rule_id: ruleId,
        reason: 'filter is false: matchQuery(.check, "type!=http labels.Expected-Fail!=true")',
      });
    });

    it("keeps a rule's fallback: its delay, its team by id, a connection as a custom service", async () => {
      const doc = (name: string, fallback: string) =>
        [
          'apiVersion: mission-control.flanksource.com/v1',
          'kind: Notification',
          `metadata: { name: ${name} }`,
          'spec:',
          '  events: [check.failed]',
          '  to: { team: backend }',
          `  fallback: ${fallback}`,
          '',
        ].join('\n');
      writeFileSync(
        join(dir, 'notifications', 'fallbacks.yaml'),
        `${doc('to-team', '{ delay: 1h, team: backend }')}---\n${doc(
          'to-hook',
          '{ delay: 30m, connection: "connection://default/pager" }',
        )}`,
      );
      await loadResources(db, dir, kinds());
      expect(await rule('to-team')).toMatchObject([
        {
          fallback_delay: '1h',
          fallback_team_id: await idOf('teams', 'name', 'backend'),
          fallback_custom_services: null,
        },
      ]);
      expect(await rule('to-hook')).toMatchObject([
        {
          fallback_delay: '30m',
          fallback_team_id: null,
          fallback_custom_services: [{ connection: 'connection://default/pager' }],
        },
      ]);
      rmSync(join(dir, 'notifications', 'fallbacks.yaml'));
      await loadResources(db, dir, kinds());
    });

    it('round-trips waitForEvalPeriod, groupBy and fallback through /api/db, checked by the contract', async () => {
      const post = (body: Row) =>
        fetch(`${server.url}/api/db/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', Prefer: 'return=representation' },
          body: JSON.stringify(body),
        });
      const teamId = await idOf('teams', 'name', 'backend');
      const created = await post({
        name: 'api-grouped',
        events: ['check.failed'],
        team_id: teamId,
        wait_for: '5m',
        wait_for_eval_period: '30s',
        group_by: ['type', 'label:app'],
        group_by_interval: '1h',
        fallback_delay: '1h',
        fallback_custom_services: [{ url: 'https://hooks.example.com/fallback' }],
      });
      expect(created.status).toBe(201);
      const read = await fetch(
        `${server.url}/api/db/notifications?name=eq.api-grouped&select=wait_for_eval_period,group_by,group_by_interval,fallback_delay,fallback_custom_services`,
      );
      expect(await read.json()).toEqual([
        {
          wait_for_eval_period: '30s',
          group_by: ['type', 'label:app'],
          group_by_interval: '1h',
          fallback_delay: '1h',
          fallback_custom_services: [{ url: 'https://hooks.example.com/fallback' }],
        },
      ]);
      const bad = await post({
        name: 'api-bad-period',
        events: ['check.failed'],
        team_id: teamId,
        wait_for_eval_period: 'soon',
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toContain(
        'waitForEvalPeriod: must be a duration such as 4h',
      );
    });

    it('names the file, document and path of a bad document and changes nothing', async () => {
      const bad = tempDir();
      const fixture = readFileSync(
        fixturePath('mission-control/notifications/health-check.yaml'),
        'utf8',
      );
      const cases: [string, string, string][] = [
        [
          'no-recipient.yaml',
          fixture.replace('  to:\n    team: backend\n', '  to: {}\n'),
          'no-recipient.yaml (document 1) Notification default/http-check-passed: spec.to: a notification goes to one of: person, team, email, connection, url, playbook',
        ],
        [
          'bad-interval.yaml',
          `${fixture}  repeatInterval: soon\n`,
          'bad-interval.yaml (document 1) Notification default/http-check-passed: spec.repeatInterval: must be a duration such as 4h',
        ],
        [
          'bad-silence.yaml',
          `${silenceYaml('fine', ['filter: "true"'])}---\n${silenceYaml('odd', ['check_id: web'])}`,
          'bad-silence.yaml (document 2) NotificationSilence default/odd: spec.check_id: must be an id (a UUID), got "web"',
        ],
        [
          'everything.yaml',
          silenceYaml('everything', ['description: all of it']),
          'everything.yaml (document 1) NotificationSilence default/everything: spec: a silence needs a filter, selectors or one of config_id, check_id, canary_id, component_id: it would silence everything',
        ],
      ];
      const before = await rule('http-check-passed');
      for (const [file, text, message] of cases) {
        rmSync(bad, { recursive: true, force: true });
        cpSync(dir, bad, { recursive: true });
        writeFileSync(join(bad, file), text);
        rmSync(join(bad, 'notifications', 'health-check.yaml'));
        const error = await loadResources(db, bad, kinds()).catch((caught: unknown) => caught);
        expect(error, file).toBeInstanceOf(ResourceLoadError);
        expect((error as Error).message, file).toContain(message);
        expect(await rule('http-check-passed'), file).toEqual(before);
      }
    });

    it('refuses a change through /api/db to a loaded notification or silence', async () => {
      const patch = (table: string, name: string, body: Row) =>
        fetch(`${server.url}/api/db/${table}?name=eq.${name}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const rename = await patch('notifications', 'http-check-passed', { title: 'changed' });
      expect(rename.status).toBe(409);
      expect(((await rename.json()) as { message: string }).message).toBe(
        'notification default/http-check-passed was not created through the API (source ConfigFile) and cannot be modified: change the resource file it is loaded from',
      );
      const expire = await patch('notification_silences', 'low-severity-jobs', {
        deleted_at: new Date().toISOString(),
      });
      expect(expire.status).toBe(409);
      expect(((await expire.json()) as { message: string }).message).toContain(
        'notification silence default/low-severity-jobs was not created through the API (source ConfigFile)',
      );
      expect(await silence('low-severity-jobs')).toHaveLength(1);
      expect(await rule('http-check-passed')).toMatchObject([{ title: null }]);
    });
  },
);
