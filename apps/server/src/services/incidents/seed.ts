import { createAuthorizer } from '@opsdeck/rbac';
import type { SqlRunner } from '../../db/database.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seededRandom, seedUuid, type SeededRandom } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

type Status = 'new' | 'open' | 'investigating' | 'mitigated' | 'resolved' | 'closed' | 'cancelled';

/** One demo incident: what it is, how long ago it began, and the status it has come to. */
interface Scenario {
  title: string;
  type: string;
  /**
   * The detail panel's priority keys (Critical, Blocker, High, Medium, Low, Warning, Info): the
   * reference's incident page reads only these as a priority (lower case shows as Low there).
   */
  severity: string;
  status: Status;
  /** Minutes before `now` it was opened. */
  age: number;
  /** The cause the investigation looks at, and what fixes it. */
  factor: string;
  solution: string;
  /** A second line of enquiry that came to nothing. */
  ruledOut?: string;
  /** A component of the topology seed (its key) the incident is about. */
  component?: string;
}

const SCENARIOS: readonly Scenario[] = [
  {
    title: 'Checkout latency above SLO',
    type: 'performance',
    severity: 'High',
    status: 'investigating',
    age: 3 * 60,
    factor: 'Card gateway p99 latency doubled',
    solution: 'Fail over to the secondary gateway region',
    ruledOut: 'Database connection pool exhausted',
    component: 'component:payments:gateway',
  },
  {
    title: 'Payments API returning 503',
    type: 'availability',
    severity: 'Critical',
    status: 'open',
    age: 50,
    factor: 'Recent deployment changed connection pool size',
    solution: 'Roll back to the previous image',
    component: 'component:payments:api',
  },
  {
    title: 'Database replica lag',
    type: 'reliability',
    severity: 'Medium',
    status: 'mitigated',
    age: 2 * 24 * 60,
    factor: 'Long-running analytics query on the replica',
    solution: 'Move analytics to its own replica',
    component: 'component:payments:db',
  },
  {
    title: 'Certificate expiring on gateway',
    type: 'security',
    severity: 'Blocker',
    status: 'resolved',
    age: 6 * 24 * 60,
    factor: 'cert-manager renewal failed on DNS challenge',
    solution: 'Fix the DNS credentials and renew',
  },
  {
    title: 'Search index stale',
    type: 'integration',
    severity: 'Low',
    status: 'closed',
    age: 12 * 24 * 60,
    factor: 'Indexer lost its queue subscription',
    solution: 'Recreate the subscription and reindex',
    ruledOut: 'Index shard out of disk',
  },
  {
    title: 'Pods crash-looping in data',
    type: 'availability',
    severity: 'High',
    status: 'open',
    age: 5 * 60,
    factor: 'Memory limit below the new working set',
    solution: 'Raise the memory limit to 1 GiB',
  },
  {
    title: 'DNS resolution failures',
    type: 'availability',
    severity: 'Critical',
    status: 'resolved',
    age: 24 * 60,
    factor: 'CoreDNS pods evicted under node pressure',
    solution: 'Give CoreDNS a priority class',
    ruledOut: 'Upstream resolver outage',
  },
  {
    title: 'Queue backlog growing',
    type: 'performance',
    severity: 'Warning',
    status: 'new',
    age: 20,
    factor: 'Consumers scaled down by the autoscaler',
    solution: 'Set a minimum of three consumers',
    component: 'component:payments:worker',
  },
  {
    title: 'Audit log export failing',
    type: 'compliance',
    severity: 'Info',
    status: 'cancelled',
    age: 9 * 24 * 60,
    factor: 'Export bucket policy changed',
    solution: 'Restore the bucket policy',
  },
  {
    title: 'Disk pressure on node-2',
    type: 'reliability',
    severity: 'Medium',
    status: 'investigating',
    age: 8 * 60,
    factor: 'Container logs not rotated',
    solution: 'Enable log rotation in the kubelet',
  },
  {
    title: 'Cloud spend spike on analytics',
    type: 'cost',
    severity: 'Low',
    status: 'mitigated',
    age: 3 * 24 * 60,
    factor: 'EC2 instances left running after a load test',
    solution: 'Terminate them and tag load-test resources',
  },
  {
    title: 'Deprecated TLS ciphers on legacy API',
    type: 'technicalDebt',
    severity: 'Info',
    status: 'open',
    age: 15 * 24 * 60,
    factor: 'Legacy API pinned to an old OpenSSL',
    solution: 'Upgrade the base image',
    component: 'component:payments:ledger',
  },
];

// The statuses an incident passes through to reach each one (the console's workflow).
const PATH: Record<Status, Status[]> = {
  new: ['new'],
  open: ['open'],
  investigating: ['open', 'investigating'],
  mitigated: ['open', 'investigating', 'mitigated'],
  resolved: ['open', 'investigating', 'mitigated', 'resolved'],
  closed: ['open', 'investigating', 'resolved', 'closed'],
  cancelled: ['open', 'cancelled'],
};

const FIXED: ReadonlySet<Status> = new Set(['mitigated', 'resolved', 'closed']);

/**
 * Advances the shared PRNG exactly as the incidents seed before issue 14 did (19 draws per incident,
 * one more with a check, and one or two more for a resolved or closed one, decided by its first
 * draw), so every later module's estate stays as it was; this seed draws from its own PRNG.
 */
function keepSharedDraws(random: SeededRandom, incidents: number, withCheck: boolean): void {
  for (let n = 0; n < incidents; n += 1) {
    const status = Math.floor(random.next() * 6);
    let draws = 18 + (withCheck ? 1 : 0) + (status === 3 || status === 4 ? 1 : 0);
    if (status === 4) draws += 1;
    for (; draws > 0; draws -= 1) random.next();
  }
}

const at = (now: Date, minutesAgo: number) =>
  new Date(now.getTime() - Math.round(minutesAgo * 60_000)).toISOString();

/** A row change the history triggers see: `set` with the author and time of the change. */
async function change(
  db: SqlRunner,
  table: 'incidents' | 'hypotheses' | 'evidences',
  id: string,
  set: Record<string, unknown>,
  by: string | undefined,
  when: string,
): Promise<void> {
  const values = { ...set, ...(by === undefined ? {} : { updated_by: by }), updated_at: when };
  const columns = Object.keys(values);
  const assignments = columns.map((column, i) => `"${column}" = $${i + 2}`);
  await db.query(`UPDATE ${table} SET ${assignments.join(', ')} WHERE id = $1`, [
    id,
    ...columns.map((column) => values[column as keyof typeof values]),
  ]);
}

/**
 * A dozen demo incidents across statuses, severities and types, each with a hypothesis tree
 * (root → factor → solution, and sometimes a factor ruled out), evidence naming the demo's failing
 * checks, deployments, their changes and the payments components, responders (people and a team)
 * and comments. Their history is the database's own: the rows are inserted and their statuses
 * changed as the console would, back-dated from `now`, and the triggers tell it.
 */
export const seedIncidents: DemoSeed = async (context) => {
  const { db, now } = context;
  const own = seededRandom(context.key('incidents'));
  const id = (s: string) => seedUuid(context.key(s));
  const personIds = need(context.estate.personIds, 'personIds');
  const teamIds = need(context.estate.teamIds, 'teamIds');
  const deployments = need(context.estate.deployments, 'deployments');

  // The upgrade tests seed a database of the schema before 003_incident_model (no updated_by, no
  // INC- sequence): the rows are then written the way that schema takes them, without a history.
  const { rows: modern } = await db.query(
    `SELECT 1 FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'incidents' AND column_name = 'updated_by'`,
  );
  const legacy = modern.length === 0;
  const by = (person: string) => (legacy ? undefined : person);
  const { rows: demoPeople } = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM people WHERE email IN ('commander@local', 'responder@local')`,
  );
  const byEmail = new Map(demoPeople.map((row) => [row.email, row.id]));
  const commander = byEmail.get('commander@local') ?? personIds[0]!;
  const responder = byEmail.get('responder@local') ?? personIds[personIds.length - 1]!;
  // Everyone else who may work on incidents by the role matrix (packages/rbac): viewers and guests
  // do not open incidents.
  const { rows: roleRows } = await db.query<{ person_id: string; role: string }>(
    'SELECT person_id, role FROM opsdeck.person_roles',
  );
  const mayAct = (person: string) =>
    createAuthorizer({
      roles: roleRows.filter((row) => row.person_id === person).map((row) => row.role),
    }).can('incident', 'write');
  const others = personIds.filter(
    (person) => person !== commander && person !== responder && mayAct(person),
  );
  const { rows: anyCheck } = await db.query('SELECT 1 FROM checks LIMIT 1');
  keepSharedDraws(context.random, SCENARIOS.length, anyCheck.length > 0);
  // An incident follows a failure: the check it names was failing (its latest run before the
  // incident opened had failed). One not named yet first, one in the topology first.
  const named: string[] = [];
  const failingCheck = async (opened: string) => {
    const { rows } = await db.query<{ id: string; component_id: string | null }>(
      `SELECT c.id, (SELECT component_id FROM check_component_relationships r
                     WHERE r.check_id = c.id ORDER BY component_id LIMIT 1) AS component_id
         FROM checks c
        WHERE c.deleted_at IS NULL
          AND (SELECT s.status FROM check_statuses s WHERE s.check_id = c.id AND s.time <= $1::timestamptz
                ORDER BY s.time DESC LIMIT 1) = false
        ORDER BY c.id = ANY($2::uuid[]),
                 EXISTS (SELECT 1 FROM check_component_relationships r WHERE r.check_id = c.id) DESC,
                 c.name
        LIMIT 1`,
      [opened, named],
    );
    if (rows[0]) named.push(rows[0].id);
    return rows[0];
  };
  // Whatever the catalog seed holds today: the deployments' changes, taken by config id.
  const { rows: changes } = await db.query<{ id: string; config_id: string; created_at: string }>(
    `SELECT DISTINCT ON (config_id) id, config_id, created_at FROM config_changes
      WHERE config_id = ANY($1::uuid[]) ORDER BY config_id, created_at DESC, id`,
    [deployments],
  );
  const changeOf = new Map(changes.map((row) => [row.config_id, row]));
  const componentKeys = SCENARIOS.flatMap((scenario) =>
    scenario.component ? [scenario.component] : [],
  );
  const { rows: components } = await db.query<{ id: string }>(
    'SELECT id FROM components WHERE id = ANY($1::uuid[])',
    [componentKeys.map(id)],
  );
  const knownComponents = new Set(components.map((row) => row.id));

  for (const [n, scenario] of SCENARIOS.entries()) {
    const incidentId = id(`incident:${n}`);
    const creator = own.pick(others.length > 0 ? others : personIds);
    const opened = scenario.age;
    const path = PATH[scenario.status];
    // Each status change comes at an even step of the time since it was opened (the last one well
    // before now), so the history reads in order.
    const stepAgo = (step: number) => opened - (opened * 0.8 * step) / Math.max(1, path.length);
    await insertRows(db, 'incidents', [
      {
        id: incidentId,
        ...(legacy ? { incident_id: `INC-${n + 1}` } : {}),
        title: scenario.title,
        description: `${scenario.title}. Reported by monitoring.`,
        type: scenario.type,
        severity: scenario.severity,
        status: path[0],
        created_by: creator,
        commander_id: commander,
        communicator_id: creator,
        created_at: at(now, opened),
        updated_at: at(now, opened),
      },
    ]);

    // Responders: the demo responder, a team, and for the bigger ones someone else.
    const responders = [
      { key: 'person', person_id: responder, team_id: null },
      { key: 'team', person_id: null, team_id: teamIds[n % teamIds.length] },
      ...(own.chance(0.4) && others.length > 0
        ? [{ key: 'other', person_id: own.pick(others), team_id: null }]
        : []),
    ];
    await insertRows(
      db,
      'responders',
      responders.map((entry, index) => ({
        id: id(`responder:${n}:${entry.key}`),
        incident_id: incidentId,
        type: 'person',
        index,
        person_id: entry.person_id,
        team_id: entry.team_id,
        properties: { responderType: { value: 'person', label: 'Person' } },
        created_by: commander,
        created_at: at(now, opened - 2 - index),
        updated_at: at(now, opened - 2 - index),
      })),
    );

    // The hypothesis tree: root → factor → solution, and maybe a factor ruled out.
    const root = id(`hypothesis:${n}:root`);
    const factor = id(`hypothesis:${n}:factor`);
    const solution = id(`hypothesis:${n}:solution`);
    const ruledOut = id(`hypothesis:${n}:ruled-out`);
    const fixed = FIXED.has(scenario.status);
    const hypothesis = (
      hypothesisId: string,
      type: string,
      title: string,
      parent: string | null,
      minutesAgo: number,
    ) => ({
      id: hypothesisId,
      incident_id: incidentId,
      parent_id: parent,
      type,
      title,
      status: 'possible',
      created_by: type === 'root' ? creator : responder,
      created_at: at(now, minutesAgo),
      updated_at: at(now, minutesAgo),
    });
    await insertRows(db, 'hypotheses', [
      hypothesis(root, 'root', scenario.title, null, opened - 1),
      hypothesis(factor, 'factor', scenario.factor, root, opened - 5),
      ...(scenario.ruledOut
        ? [hypothesis(ruledOut, 'factor', scenario.ruledOut, root, opened - 6)]
        : []),
      hypothesis(solution, 'solution', scenario.solution, factor, opened - 8),
    ]);

    // Evidence: a failing check (with its component), the deployment, its latest change, the
    // component the incident is about.
    const evidences: Record<string, unknown>[] = [];
    const evidence = (key: string, row: Record<string, unknown>, minutesAgo: number) =>
      evidences.push({
        id: id(`evidence:${n}:${key}`),
        definition_of_done: false,
        done: null,
        created_by: own.pick([responder, commander]),
        created_at: at(now, minutesAgo),
        updated_at: at(now, minutesAgo),
        ...row,
      });
    const check = await failingCheck(at(now, opened));
    if (check) {
      evidence(
        'check',
        {
          hypothesis_id: factor,
          description: 'Failing health check',
          type: 'check',
          check_id: check.id,
          component_id: check.component_id,
          evidence: { includeMessages: true },
        },
        opened - 6,
      );
    }
    const deployment = deployments[n % deployments.length];
    if (deployment) {
      evidence(
        'config',
        {
          hypothesis_id: factor,
          description: 'Deployment changed shortly before',
          type: 'config',
          config_id: deployment,
          // The reference's shape: the config's lines by number, and those picked out.
          evidence: { lines: {}, selected_lines: {} },
        },
        opened - 7,
      );
      const latest = changeOf.get(deployment);
      if (latest && n % 2 === 0) {
        evidence(
          'change',
          {
            hypothesis_id: factor,
            description: 'The change that preceded it',
            type: 'config_change',
            config_id: deployment,
            config_change_id: latest.id,
          },
          opened - 7.5,
        );
      }
    }
    const component = scenario.component && id(scenario.component);
    if (component && knownComponents.has(component)) {
      evidence(
        'component',
        {
          hypothesis_id: root,
          description: 'The component it is about',
          type: 'topology',
          component_id: component,
        },
        opened - 3,
      );
    }
    await insertRows(db, 'evidences', evidences);

    await insertRows(db, 'comments', [
      {
        id: id(`comment:${n}:0`),
        incident_id: incidentId,
        hypothesis_id: null,
        comment: 'Looking into it now.',
        created_by: responder,
        created_at: at(now, opened - 4),
        updated_at: at(now, opened - 4),
      },
      {
        id: id(`comment:${n}:1`),
        incident_id: incidentId,
        hypothesis_id: factor,
        comment: `${scenario.factor}: checking the timeline of the last release.`,
        created_by: own.pick([responder, commander]),
        created_at: at(now, opened - 9),
        updated_at: at(now, opened - 9),
      },
    ]);

    // The investigation: hypotheses settle, then the incident moves along its path.
    const investigated = stepAgo(1);
    if (scenario.status !== 'new' && scenario.status !== 'open') {
      await change(
        db,
        'hypotheses',
        factor,
        { status: fixed ? 'proven' : scenario.status === 'cancelled' ? 'disproven' : 'likely' },
        by(responder),
        at(now, investigated + 1),
      );
      if (scenario.ruledOut) {
        await change(
          db,
          'hypotheses',
          ruledOut,
          { status: own.pick(['unlikely', 'improbable', 'disproven']) },
          by(responder),
          at(now, investigated + 0.5),
        );
      }
    }
    for (const [step, status] of path.entries()) {
      if (step === 0) continue;
      const when = at(now, stepAgo(step));
      const set: Record<string, unknown> = { status };
      if (step === 1) set.acknowledged = when;
      if (status === 'resolved') set.resolved = when;
      if (status === 'closed') set.closed = when;
      // Mitigating names what must hold for it to be done (the check passing again); resolving
      // proves the solution and ticks that off.
      const checkEvidence = id(`evidence:${n}:check`);
      if (
        (status === 'mitigated' || (status === 'resolved' && !path.includes('mitigated'))) &&
        check
      )
        await change(
          db,
          'evidences',
          checkEvidence,
          { definition_of_done: true },
          by(commander),
          at(now, stepAgo(step) + 0.5),
        );
      if (status === 'resolved') {
        await change(
          db,
          'hypotheses',
          solution,
          { status: 'proven' },
          by(commander),
          at(now, stepAgo(step) + 0.4),
        );
        if (check)
          await change(
            db,
            'evidences',
            checkEvidence,
            { done: true },
            by(commander),
            at(now, stepAgo(step) + 0.3),
          );
      }
      await change(db, 'incidents', incidentId, set, by(commander), when);
    }
  }
};
