import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPGlite } from '../../testing/databases.ts';
import type { Database } from '../database.ts';
import { seedDemo } from './demo.ts';

const NOW = new Date('2025-03-01T12:00:00Z');

/**
 * Each seeded table's fingerprint before the seed was split into one file per module (issue 18 #7):
 * an md5 over every column's sorted values, as [fingerprint, ...columns left out]. The columns left
 * out are the database's own clock and random ids (DEFAULT now(), gen_random_uuid()), which differ
 * between any two runs. Same options, same estate, byte for byte.
 *
 * Changed on purpose since (each change names the tables it moved, and nothing else may move):
 * - issue 13, the demo topologies: topologies, components, check_component_relationships (the
 *   payments service's checks), config_component_relationships (the cluster, deployments, RDS and
 *   EC2 configs) and evidences (a check's evidence names the check's component). The topology seed
 *   keeps its shared-PRNG draws, so every other table is as before.
 * - issue 13, nodes and teams: components (three Kubernetes nodes), component_relationships (each
 *   pod on a node) and team_components (the teams owning the cluster, account, payments, databases).
 * - issue 14, the incident model: incidents, hypotheses, evidences, comments, responders and
 *   incident_histories (twelve scenarios across statuses, severities and types, hypothesis trees,
 *   the history written by the database's triggers; hypotheses, evidences and comments are views of
 *   the rows not deleted now). The incidents seed draws from a PRNG of its own and advances the shared
 *   one exactly as before, so every other table is as before.
 * - issue 16, the demo catalog: config_scrapers, config_items, config_changes, config_analysis,
 *   config_relationships, config_component_relationships (S3 buckets linked too) and
 *   check_config_relationships (the payments checks on the payments database). The catalog seed
 *   replays the shared-PRNG draws of the first one, so every other table is as before. Merged with
 *   issue 14's model, evidences moved once more: its config evidence names the new catalog's
 *   deployments and their changes.
 * - issue 15, the playbook runner: playbooks (five runnable demo playbooks added, the others' scripts
 *   made echo-only so nothing the demo shows can touch a real cluster), playbook_runs (the runner's
 *   lease columns; past 'scheduled' runs due later and 'running' ones on a remote agent, whose runs
 *   this server never claims, so the history is not executed; the runnable playbooks' runs in every
 *   status) and playbook_run_actions (those runs' actions). The new rows come from the module's own PRNG, so
 *   every other table is as before.
 * - issue 15, a consistent run history: playbook_runs (a history run drawn pending_approval on a
 *   playbook without approvers is scheduled instead: the console offered Approve and the server
 *   refused it) and playbook_approvals (no approval on a run still pending; the runs of playbooks
 *   with approvers that got past it carry the approvals that let them through, by the listed person
 *   or a member for the listed team). The change draws nothing from the PRNG, so every other table,
 *   playbook_run_actions included, is as before.
 * - issue 27, approvals that hold: playbook_runs (the runnable playbook's waiting run is the demo
 *   editor's, so the admin who approves it in the console is not its requester), incidents (a
 *   view of incident_records with a deleted_at column, null on every row). Nothing drawn.
 * - issue 27 #3, no free text inside a script's quotes: playbooks, playbook_runs (their spec copy)
 *   and playbook_run_actions (the script in `args`) of the demo playbooks whose scripts placed
 *   values inside double quotes. Nothing is drawn from the PRNG, so every other table is as before.
 * - issue 27 #5, the demo probe takes no URL: playbooks (probe-opsdeck-health's fixed target).
 * - issue 32 part 3, jobs that leave a record: opsdeck.scheduler_leases (its history_id column, null
 *   on the seeded leases). Nothing drawn.
 * - issue 30, the reference's shapes: checks (each http check's spec has a `url`, a path of this
 *   server), incidents (severities are the detail panel's capitalised priority keys) and evidences
 *   (config evidence is `{lines: {}, selected_lines: {}}`). Nothing new is drawn from a PRNG.
 * - issue 29, a demo estate that agrees with itself (invariants.test.ts): canaries (namespaces in
 *   turn), checks and check_statuses (a canary's checks are one app's in its namespace; outages that begin and end; latencies and
 *   errors by check type; status, last run and last transition read from the history), so the
 *   tables that pick checks by name or namespace moved with them (check_component_relationships,
 *   check_config_relationships, notification_send_history, and the incidents' evidences, each now
 *   a check failing when its incident opened); incidents, hypotheses, comments, responders and
 *   incident_histories (opened by people who may work on incidents, not the viewer or guest);
 *   playbook_runs, playbook_run_actions and playbook_approvals (a run model: requesters who may run
 *   playbooks, approvers who may approve and are not the requester, actions within their run,
 *   nothing running past its timeout). The shared PRNG is drawn as before; the run timings come
 *   from the playbooks module's own.
 * - issue 34, logs: components (the log_selectors column, and the "Opsdeck server" component with
 *   its two selectors) and logging_backends (the demo's file backend). Nothing is drawn from a PRNG,
 *   so every other table is as before.
 * - issue 34, the notification engine: notifications (the check rule's filter, repeat interval and
 *   inhibition), notification_silences (an indefinite silence of a flapping check),
 *   notification_send_history (every status in rounds whose rules, resources, times and actors
 *   agree), teams (the first team's webhook channel) and connections (a demo SMTP connection);
 *   notifications again for the reference's error_at and wait_for columns (null).
 *   The PRNG is drawn as before.
 * - issue 34, the /logs page: properties (logs.disable is false: the console has the page now).
 *   Nothing is drawn from a PRNG.
 * - issue 37, the administrator's pages: the reference's columns added to event_queue (event_id,
 *   delay), permissions (error, tags, agents) and properties (created_by, updated_at, deleted_at),
 *   all null or the row's time; permissions gains two rows about one playbook each (a deny of the
 *   responder, an allow of the commander). Nothing is drawn from a PRNG.
 * - issue 35, the settings editors: canaries (each spec lists its checks with what each type's
 *   form requires, so a save from the editor keeps them) and checks (each check's name in its
 *   canary's spec is its own). Nothing is drawn from a PRNG.
 * - issue 34, the rest: notifications (the new wait_for_eval_period, group_by and fallback columns,
 *   null) and notification_send_history (the inhibited sends' reason names the check, as the
 *   engine words it). Nothing is drawn from a PRNG.
 * - issue 36, connections: the reference's deleted_at column (null). Nothing is drawn from a PRNG.
 * - issue 37, the rest: identities (a view of the identities people sign in with, not the empty
 *   older table; its times are the database clock's) and properties (the source column: the flags
 *   UI, the retention and the log backends switch ConfigFile) and job_history (the reference's
 *   is_pushed column, false). Nothing is drawn from a PRNG.
 */
const GOLDEN: Record<string, [string, ...string[]]> = {
  'opsdeck.person_roles': ['17ae46fb174461c52afd08e852436403'],
  'opsdeck.scheduler_leases': ['878ad479fa4c649827657b28dc9e1de3'],
  'opsdeck.summary_rows': ['f25c1d3a86205bcd22be2fc898ab9ff7'],
  'opsdeck.summary_state': ['eab61903a3915d32940d3cb3c2d41c92'],
  'public.agents': ['0d615331d8c83b295d67797375326773', 'created_at', 'updated_at'],
  'public.canaries': ['fd3faccab637165185f3df45bbc0f55b', 'updated_at'],
  'public.check_component_relationships': [
    'cf2f4a7dde49128ea5ea8b854ba28e42',
    'created_at',
    'updated_at',
  ],
  'public.check_config_relationships': [
    '8dae166627a3fb27f42aa265259ada31',
    'created_at',
    'updated_at',
  ],
  'public.check_statuses': ['c2a7405a3dd2945071eb62622758914c'],
  'public.checks': ['1d58a72ec130ba87ba79a77388b6d0e4'],
  'public.comments': ['72457e02efb5cc8135e9b23dd587b68b', 'updated_at'],
  'public.component_relationships': [
    '7c6cc88d0094ef230e40dd2ca995a37f',
    'created_at',
    'updated_at',
  ],
  'public.components': ['735b64d6c273800d7ead02f914eb0890', 'created_at', 'updated_at'],
  'public.config_analysis': ['d9cf25b7074d6c619fb3adf669a75e02'],
  'public.config_changes': ['a1770ce72670b9f4eef1b694f6559d7e', 'inserted_at'],
  'public.config_component_relationships': [
    'e2c20cf43388b8ec05f11e18c4063d30',
    'created_at',
    'updated_at',
  ],
  'public.config_items': [
    '8a3282da80656223ccd79ff7f55642dd',
    'inserted_at',
    // catalog/005's stored lower() companions of name, type, description and namespace: derived
    // from columns fingerprinted here, so the seed's rows are the same.
    'name_folded',
    'type_folded',
    'description_folded',
    'namespace_folded',
  ],
  'public.config_relationships': ['275d2c3ecfcae360f3c197c4ddde8f4a', 'created_at', 'updated_at'],
  'public.config_scrapers': ['f1d07fcc6c237d6496f9860794c52244', 'created_at', 'updated_at'],
  'public.connections': ['21180a4241e6b6f7cd38388b0c086edd', 'created_at', 'updated_at'],
  'public.event_queue': ['6dbd567490b7d5004d860bf6c99aaece', 'id'],
  'public.evidences': ['d5aede9ec971f5626c1fb78e2e2a0319', 'created_at', 'updated_at'],
  'public.hypotheses': ['b3c24283eeb09f13a9e96c25b5a5c459', 'created_at', 'updated_at'],
  'public.identities': [
    '7c727361b48b8bf5f6699272b2ab30e1',
    'created_at',
    'updated_at',
    'state_changed_at',
  ],
  'public.incident_histories': ['399b08e96abcdf64fb9deeb7627008c8', 'id', 'updated_at'],
  'public.incidents': ['516ea814f65227044f3a3141bbb9f66d'],
  'public.job_history': ['c1baa5d43dbc167e863144020f098bcf'],
  'public.logging_backends': ['339728908f603405f1444f67935447aa', 'created_at', 'updated_at'],
  'public.notification_send_history': ['4e61557336295eb01086fcbf9e27870e'],
  'public.notification_silences': ['9bc23af46288cd24111c5d355f8467bf', 'created_at', 'updated_at'],
  'public.notifications': ['7c561951a90d8eacb3ab517a59d713ff', 'created_at', 'updated_at'],
  'public.people': ['ffb095983ddd1279658d5a839341c846', 'created_at', 'updated_at'],
  'public.permissions': ['b4a3020a5f0d0d82ab71ab7e6b92a078', 'created_at', 'updated_at'],
  'public.playbook_approvals': ['fe7b6c6c88cab5a29f81b3b79d2f0a72', 'id', 'created_at'],
  'public.playbook_run_actions': ['6593d2159e225170e90096aa99f4c3ef'],
  'public.playbook_runs': ['2f4aa36c1e829504b4152e06cb2da60a'],
  'public.playbooks': ['b26f661ab2593c1f93c3f4b39c74be3f', 'updated_at'],
  'public.properties': ['44913504a526484ef9220e5558a973ff', 'created_at', 'updated_at'],
  'public.responders': ['4b1efb2e092877b389645db332c68358', 'created_at', 'updated_at'],
  'public.sessions': ['cdfd57e3384628bca1ea305d8746be67'],
  'public.team_members': ['0e9f221d0d6ef9f16bf1c857c0977b3c'],
  'public.team_components': ['6c5185c8114b3fbe90d7e03633435c52'],
  'public.teams': ['6296784ad22fdd414b9f3274d18ef1e7', 'created_at', 'updated_at'],
  'public.topologies': ['23aa8e775a1e2ed3160faca46bb0453d', 'created_at', 'updated_at'],
};

async function columnFingerprint(db: Database, table: string, column: string): Promise<string> {
  const { rows } = await db.query<{ h: string | null }>(
    `SELECT md5(string_agg(coalesce(("${column}")::text, '<null>'), E'\\n' ORDER BY ("${column}")::text)) AS h FROM ${table}`,
  );
  return rows[0]?.h ?? 'empty';
}

async function tableFingerprint(db: Database, table: string, leftOut: string[]): Promise<string> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema || '.' || table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const lines: string[] = [];
  for (const { column_name: column } of rows) {
    if (leftOut.includes(column)) continue;
    lines.push(`${column}:${await columnFingerprint(db, table, column)}`);
  }
  const { rows: hash } = await db.query<{ h: string }>('SELECT md5($1) AS h', [lines.join('\n')]);
  return hash[0]!.h;
}

// The 120-check demo's sizes and first check by name, as the single demo.ts made them.
const KNOWN_COUNTS = {
  people: 12,
  agents: 4,
  teams: 4,
  canaries: 15,
  checks: 120,
  components: 194,
  config_items: 214,
  incidents: 12,
  playbooks: 13,
  job_history: 240,
  notifications: 5,
  connections: 5,
  permissions: 4,
  properties: 6,
};
const FIRST_CHECK = { name: 'api-dns-11', type: 'dns', namespace: 'payments' };

describe('the demo seed split by module', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshPGlite();
    await seedDemo(db, { checks: 120, now: NOW });
  });
  afterAll(() => db?.close());

  it('makes byte for byte the estate of the single demo.ts it replaced', async () => {
    const actual: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [table, [fingerprint, ...leftOut]] of Object.entries(GOLDEN)) {
      expected[table] = fingerprint;
      actual[table] = await tableFingerprint(db, table, leftOut);
    }
    expect(actual).toEqual(expected);
  });

  it('has the known rows: the demo people with their roles, the first check, the counts', async () => {
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    expect({
      people: await count('people'),
      agents: await count('agents'),
      teams: await count('teams'),
      canaries: await count('canaries'),
      checks: await count('checks'),
      components: await count('components'),
      config_items: await count('config_items'),
      incidents: await count('incidents'),
      playbooks: await count('playbooks'),
      job_history: await count('job_history'),
      notifications: await count('notifications'),
      connections: await count('connections'),
      permissions: await count('permissions'),
      properties: await count('properties'),
    }).toEqual(KNOWN_COUNTS);
    const { rows } = await db.query<{ name: string; email: string }>(
      "SELECT name, email FROM people WHERE email LIKE '%@local' ORDER BY email",
    );
    expect(rows).toEqual([
      { name: 'Admin (demo)', email: 'admin@local' },
      { name: 'Commander (demo)', email: 'commander@local' },
      { name: 'Editor (demo)', email: 'editor@local' },
      { name: 'Guest (demo)', email: 'guest@local' },
      { name: 'Responder (demo)', email: 'responder@local' },
      { name: 'Viewer (demo)', email: 'viewer@local' },
    ]);
    const first = await db.query<{ name: string; type: string; namespace: string }>(
      'SELECT name, type, namespace FROM checks ORDER BY name LIMIT 1',
    );
    expect(first.rows[0]).toEqual(FIRST_CHECK);
  });
});
