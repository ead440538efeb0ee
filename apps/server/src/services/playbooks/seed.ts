import { createAuthorizer } from '@opsdeck/rbac';
import { LOCAL_AGENT_ID, minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seededRandom, seedUuid, type SeededRandom } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';
import { seedBenchPlaybookRuns } from './benchSeed.ts';
import { recordRunDigests } from './runs.ts';

/** Demo playbooks, shaped like Mission Control Playbook specs (parameters, filters, actions), and their runs. */
export const seedPlaybooks: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const personIds = need(context.estate.personIds, 'personIds');
  const person = () => random.pick(personIds);
  const rootId = need(context.estate.rootComponentId, 'rootComponentId');
  const deployments = need(context.estate.deployments, 'deployments');
  // A run in progress on a remote agent: the agent runs it, this server only shows it.
  const remoteAgent = need(context.estate.agentIds, 'agentIds')[1]!;
  const { rows: someChecks } = await db.query<{ id: string }>(
    'SELECT id FROM checks ORDER BY name LIMIT 20',
  );
  const playbookSpecs = demoPlaybooks();
  const playbooks = playbookSpecs.map((spec, n) => ({
    id: id(`playbook:${spec.name}`),
    namespace: 'default',
    name: spec.name,
    title: spec.title,
    icon: spec.icon,
    description: spec.spec.description,
    category: spec.category,
    spec: spec.spec,
    source: 'UI',
    created_by: adminId,
    created_at: minutesAgo(now, 60 * 24 * (30 - n)),
  }));
  await insertRows(db, 'playbooks', playbooks);
  const estate = await demoActors(db);
  // The run model's timings come from the module's own PRNG: the shared one is drawn exactly as
  // before, so every later module's estate is as it was.
  const own = seededRandom(context.key('playbooks:history'));
  const runs: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const approvals: Record<string, unknown>[] = [];
  for (let n = 0; n < 40; n += 1) {
    const playbook = random.pick(playbooks);
    const spec = playbookSpecs.find((s) => s.name === playbook.name)!;
    const drawn = random.pick([
      'completed',
      'completed',
      'completed',
      'failed',
      'running',
      'pending_approval',
      'cancelled',
      'scheduled',
    ]);
    // Only a playbook with approvers has runs waiting for approval (the console offers Approve on
    // them, and the server accepts it); another playbook's run is simply scheduled.
    const status = drawn === 'pending_approval' && !spec.spec.approval ? 'scheduled' : drawn;
    random.int(5, 60 * 24 * 10); // the shared draw of the history's old start time
    const runId = id(`run:${n}`);
    const finished = ['completed', 'failed', 'cancelled'].includes(status);
    const configId = spec.resource === 'config' ? random.pick(deployments) : null;
    const checkId = spec.resource === 'check' && someChecks[0] ? random.pick(someChecks).id : null;
    if (finished) random.int(2, 300); // the shared draw of the old end time
    const drawnPerson = person();
    const approval = spec.spec.approval as DemoApproval | undefined;
    const requester = estate.requester(drawnPerson, approval, own);
    const last = spec.spec.actions.length - 1;
    const times = runTimeline(own, {
      status,
      now: now.getTime(),
      due: now.getTime() + (n + 1) * 3_600_000,
      approval: !!approval,
      actions: spec.spec.actions.map((_, a) =>
        a < last
          ? 'completed'
          : ({ failed: 'failed', running: 'running', cancelled: 'skipped' }[status] ?? 'completed'),
      ),
    });
    runs.push({
      id: runId,
      playbook_id: playbook.id,
      status,
      spec: spec.spec,
      parameters: spec.parameters,
      config_id: configId,
      check_id: checkId,
      component_id: spec.resource === 'component' ? rootId : null,
      ...times.run,
      created_by: requester,
      error: status === 'failed' ? 'exit status 1' : null,
      // A run in progress is on a remote agent, whose runs this server never claims: the runner
      // does not execute the demo's history.
      ...(status === 'running' ? { agent_id: remoteAgent } : {}),
    });
    // A run of a playbook with approvers that got past pending_approval was approved: by whom.
    if (approval && times.approvedAt !== undefined)
      approvals.push(
        ...approvalsOf(approval, estate, requester, runId, new Date(times.approvedAt)),
      );
    times.actions.forEach((timing, a) => {
      const action = spec.spec.actions[a]!;
      actions.push({
        id: id(`run:${n}:action:${a}`),
        playbook_run_id: runId,
        name: action.name,
        status: timing.status,
        ...timing.times,
        result:
          timing.status === 'failed'
            ? { stderr: 'error: deployment not found', exitCode: 1 }
            : timing.status === 'completed'
              ? { stdout: `${action.name}: ok`, exitCode: 0 }
              : null,
        agent_id: status === 'running' ? remoteAgent : LOCAL_AGENT_ID,
        error: timing.status === 'failed' ? 'exit status 1' : null,
      });
    });
  }
  await insertRows(db, 'playbook_runs', runs);
  // As the run routes do: a waiting demo run (approved in the console) runs as it was made.
  await recordRunDigests(
    db,
    runs.map((run) => String(run.id)),
  );
  await insertRows(db, 'playbook_run_actions', actions);
  await insertRows(db, 'playbook_approvals', approvals);
  await seedRunnablePlaybooks(context, adminId);
  // --playbook-runs N: a generated history for the runs list benchmark.
  await seedBenchPlaybookRuns(db, {
    count: context.size.playbookRuns ?? 0,
    key: context.key('bench-runs'),
    now,
    createdBy: adminId,
    configIds: deployments,
  });
};

interface DemoApproval {
  type?: 'any' | 'all';
  approvers: { people?: string[]; teams?: string[] };
}

// Every run is given the default timeout (30 minutes, in nanoseconds as Mission Control stores it).
const RUN_TIMEOUT_NS = 1_800_000_000_000;
const RUN_TIMEOUT_MS = RUN_TIMEOUT_NS / 1_000_000;

/**
 * Who may do what in the demo, by the role matrix (packages/rbac): who may run playbooks (a run's
 * requester) and who may approve them, by email and by team.
 */
async function demoActors(db: Parameters<DemoSeed>[0]['db']) {
  const { rows } = await db.query<{
    id: string;
    email: string | null;
    roles: string[];
    teams: string[];
  }>(
    `SELECT p.id, p.email,
            ARRAY(SELECT role FROM opsdeck.person_roles r WHERE r.person_id = p.id ORDER BY role) AS roles,
            ARRAY(SELECT t.name FROM team_members m JOIN teams t ON t.id = m.team_id
                  WHERE m.person_id = p.id ORDER BY t.name) AS teams
     FROM people p ORDER BY p.id`,
  );
  const { rows: teams } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM teams',
  );
  const teamIds = new Map(teams.map((team) => [team.name, team.id]));
  const people = rows.map((row) => ({ ...row, can: createAuthorizer({ roles: row.roles }) }));
  const runners = people.filter((person) => person.can.canDo('playbooks.run'));
  const approvers = people.filter((person) => person.can.canDo('playbooks.approve'));
  const actors = {
    /** Who approves `approval` for a run `requester` asked for: a listed person or one per listed team. */
    approversFor(approval: DemoApproval, requester: string) {
      const others = approvers.filter((person) => person.id !== requester);
      const grants: { person_id: string; team_id: string | null }[] = [];
      for (const email of approval.approvers.people ?? []) {
        const person = others.find((candidate) => candidate.email === email);
        if (person) grants.push({ person_id: person.id, team_id: null });
      }
      for (const team of approval.approvers.teams ?? []) {
        const member = others.find((candidate) => candidate.teams.includes(team));
        if (member) grants.push({ person_id: member.id, team_id: teamIds.get(team) ?? null });
      }
      const listed =
        (approval.approvers.people?.length ?? 0) + (approval.approvers.teams?.length ?? 0);
      const complete = approval.type === 'any' ? grants.length > 0 : grants.length === listed;
      return complete ? (approval.type === 'any' ? grants.slice(0, 1) : grants) : [];
    },
    /**
     * The run's requester: the person drawn when they may run playbooks (and someone else may
     * approve the run), else one of those who may.
     */
    requester(drawn: string, approval: DemoApproval | undefined, random: SeededRandom): string {
      const fits = (id: string) =>
        runners.some((person) => person.id === id) &&
        (!approval || actors.approversFor(approval, id).length > 0);
      if (fits(drawn)) return drawn;
      const candidates = runners.filter((person) => fits(person.id));
      return random.pick(candidates.length > 0 ? candidates : runners).id;
    },
  };
  return actors;
}

// The approvals that scheduled a run: the first approver for `any`, every one for `all`.
function approvalsOf(
  approval: DemoApproval,
  actors: Awaited<ReturnType<typeof demoActors>>,
  requester: string,
  runId: string,
  at: Date,
): Record<string, unknown>[] {
  return actors.approversFor(approval, requester).map((grant) => ({
    run_id: runId,
    person_id: grant.person_id,
    team_id: grant.team_id,
    created_at: at.toISOString(),
  }));
}

interface RunTimes {
  run: Record<string, string | number | null>;
  approvedAt?: number;
  actions: { status: string; times: Record<string, string | null> }[];
}

/**
 * When a demo run of `status` was asked for, approved, scheduled, started and ended, and its
 * actions' times, relative to `now`: a finished run ended before now with every action inside it,
 * a running one started minutes ago (within its timeout) and is in its last action, a sleeping one
 * wakes within its timeout, a scheduled one is due at `due`, a waiting one waits for approval.
 */
function runTimeline(
  random: SeededRandom,
  input: {
    status: string;
    now: number;
    due: number;
    approval: boolean;
    actions: readonly string[];
  },
): RunTimes {
  const { status, now } = input;
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const common = { timeout: RUN_TIMEOUT_NS };
  if (status === 'scheduled') {
    const created = now - random.int(1, 30) * 60_000;
    return {
      run: {
        ...common,
        created_at: iso(created),
        scheduled_time: iso(input.due),
        start_time: null,
        end_time: null,
      },
      actions: [],
    };
  }
  if (status === 'pending_approval') {
    const created = now - random.int(10, 6 * 60) * 60_000;
    return {
      run: {
        ...common,
        created_at: iso(created),
        scheduled_time: iso(created),
        start_time: null,
        end_time: null,
      },
      actions: [],
    };
  }
  const live = ['running', 'sleeping'].includes(status);
  // A live run began minutes ago; a finished one within the last ten days.
  const start = live
    ? now - random.int(60, 15 * 60) * 1000
    : now - random.int(60, 60 * 24 * 10) * 60_000;
  const approvedAt = input.approval ? start - random.int(5, 600) * 1000 : undefined;
  const created = (approvedAt ?? start) - random.int(1, input.approval ? 120 : 5) * 60_000;
  const actions: RunTimes['actions'] = [];
  let clock = start;
  for (const actionStatus of input.actions) {
    clock += random.int(100, 900);
    if (actionStatus === 'skipped' || actionStatus === 'sleeping') {
      actions.push({
        status: actionStatus,
        times: { scheduled_time: iso(clock), start_time: null, end_time: null },
      });
      continue;
    }
    const began = clock;
    clock +=
      status === 'timed_out' && actionStatus === 'failed'
        ? Math.max(0, start + RUN_TIMEOUT_MS - clock)
        : random.int(300, 20_000);
    actions.push({
      status: actionStatus,
      times: {
        scheduled_time: iso(began),
        start_time: iso(began),
        end_time: actionStatus === 'running' ? null : iso(clock),
      },
    });
  }
  const end = live ? undefined : clock + random.int(50, 500);
  // A skipped action ended with its run.
  for (const action of actions) if (action.status === 'skipped') action.times.end_time = iso(end);
  return {
    run: {
      ...common,
      created_at: iso(created),
      // A sleeping run wakes (its delayed action is due) well within its timeout.
      scheduled_time: iso(
        status === 'sleeping' ? now + random.int(5, 10) * 60_000 : (approvedAt ?? created),
      ),
      start_time: iso(start),
      end_time: iso(end),
    },
    ...(approvedAt === undefined ? {} : { approvedAt }),
    actions,
  };
}

/**
 * Playbooks that work on this server (exec scripts that only echo, an HTTP probe of the server's
 * own /health on 127.0.0.1), one needing approval and one with every parameter type, and a history
 * of their runs in every status. Drawn from the module's own PRNG, so the shared sequence (and
 * every later module's data) is as before.
 */
async function seedRunnablePlaybooks(context: Parameters<DemoSeed>[0], adminId: string) {
  const { db, now } = context;
  const own = seededRandom(context.key('playbooks:runnable'));
  const id = (s: string) => seedUuid(context.key(s));
  const deployments = need(context.estate.deployments, 'deployments');
  const remoteAgent = need(context.estate.agentIds, 'agentIds')[1]!;
  const { rows: someChecks } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM checks ORDER BY name LIMIT 10',
  );
  const specs = runnablePlaybooks();
  const playbooks = specs.map((spec, n) => ({
    id: id(`playbook:${spec.name}`),
    namespace: 'default',
    name: spec.name,
    title: spec.title,
    icon: spec.icon,
    description: spec.spec.description,
    category: spec.category,
    spec: spec.spec,
    source: 'UI',
    created_by: adminId,
    created_at: minutesAgo(now, 60 * 24 * (8 - n)),
  }));
  await insertRows(db, 'playbooks', playbooks);
  const statuses = [
    'completed',
    'completed',
    'failed',
    'timed_out',
    'cancelled',
    'sleeping',
    'running',
    'pending_approval',
    'completed',
    'failed',
  ];
  const runs: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const editorId = need(context.estate.personIds, 'personIds')[1]!;
  statuses.forEach((status, n) => {
    // The approval playbook's run waits for approval; every other status goes to the playbooks without one.
    const withoutApproval = specs.filter((candidate) => !candidate.spec.approval);
    const spec =
      status === 'pending_approval'
        ? specs.find((candidate) => candidate.spec.approval)!
        : withoutApproval[n % withoutApproval.length]!;
    const runId = id(`runnable-run:${n}`);
    const check = someChecks.length > 0 ? own.pick(someChecks) : undefined;
    const waiting = status === 'pending_approval';
    const last = spec.spec.actions.length - 1;
    const times = runTimeline(own, {
      status,
      now: now.getTime(),
      due: now.getTime(),
      approval: false,
      actions: waiting
        ? []
        : spec.spec.actions.map((_, a) =>
            a < last
              ? 'completed'
              : ({
                  completed: 'completed',
                  failed: 'failed',
                  timed_out: 'failed',
                  cancelled: 'failed',
                  sleeping: 'sleeping',
                  running: 'running',
                }[status] ?? 'completed'),
          ),
    });
    runs.push({
      id: runId,
      playbook_id: id(`playbook:${spec.name}`),
      status,
      spec: spec.spec,
      parameters: spec.parameters,
      config_id: spec.resource === 'config' ? own.pick(deployments) : null,
      check_id: spec.resource === 'check' && check ? check.id : null,
      ...times.run,
      // The waiting run was asked for by the demo editor: the admin approving it in the console is
      // not its requester (nobody approves their own run).
      created_by: waiting ? editorId : adminId,
      error:
        status === 'failed'
          ? `action "${spec.spec.actions.at(-1)!.name}": exit status 1`
          : status === 'timed_out'
            ? 'playbook run timed out'
            : status === 'cancelled'
              ? 'cancelled'
              : null,
      ...(status === 'running' ? { agent_id: remoteAgent } : {}),
    });
    times.actions.forEach((timing, a) => {
      const action = spec.spec.actions[a]!;
      const actionStatus = timing.status;
      const kind = action.http ? 'http' : 'exec';
      const error =
        actionStatus !== 'failed'
          ? null
          : status === 'timed_out'
            ? 'playbook run timed out'
            : status === 'cancelled'
              ? 'run cancelled'
              : 'exit status 1';
      const ended = ['completed', 'failed'].includes(actionStatus);
      actions.push({
        id: id(`runnable-run:${n}:action:${a}`),
        playbook_run_id: runId,
        name: action.name,
        status: actionStatus,
        ...timing.times,
        result: !ended
          ? null
          : kind === 'http'
            ? { code: 200, content: 'OK', headers: { 'content-type': 'text/plain; charset=UTF-8' } }
            : {
                stdout: actionStatus === 'failed' ? '' : `${action.name}: done\n`,
                stderr: actionStatus === 'failed' ? `${action.name}: step failed\n` : '',
                exitCode: actionStatus === 'failed' ? 1 : 0,
                path: 'bash',
                args: [
                  '-c',
                  String((action.exec as { script?: string } | undefined)?.script ?? ''),
                ],
              },
        agent_id: status === 'running' ? remoteAgent : LOCAL_AGENT_ID,
        error,
      });
    });
  });
  // The pending run has no approval yet: the demo's admin approves it in the console.
  await insertRows(db, 'playbook_runs', runs);
  // As the run routes do: a waiting demo run (approved in the console) runs as it was made.
  await recordRunDigests(
    db,
    runs.map((run) => String(run.id)),
  );
  await insertRows(db, 'playbook_run_actions', actions);
}

function runnablePlaybooks(): DemoPlaybook[] {
  return [
    {
      name: 'restart-service-demo',
      title: 'Restart service (demo)',
      icon: 'kubernetes',
      category: 'Demo',
      resource: 'config',
      parameters: { reason: 'routine restart' },
      spec: {
        description: 'Walks through a restart: every step only echoes what it would do',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        parameters: [
          {
            name: 'reason',
            label: 'Reason',
            type: 'text',
            required: true,
            default: 'routine restart',
            properties: { minLength: 3, maxLength: 200 },
          },
        ],
        actions: [
          {
            name: 'drain',
            exec: {
              // Values go in as arguments or variables, never inside a quoted string of the script.
              script:
                "printf 'draining %s in %s\\n' {{.config.name}} {{.config.tags.namespace}}; printf 'reason: %s\\n' \"$PARAM_REASON\"",
            },
          },
          {
            name: 'restart',
            exec: {
              script: "sleep 1; printf 'restarted %s (run %s)\\n' {{.config.name}} {{.run.id}}",
            },
          },
          {
            name: 'verify',
            exec: {
              script: "printf '%s is serving; asked by %s\\n' {{.config.name}} {{.user.email}}",
            },
          },
        ],
      },
    },
    {
      name: 'probe-opsdeck-health',
      title: 'Probe the Opsdeck server',
      icon: 'http',
      category: 'Demo',
      resource: 'check',
      parameters: {},
      spec: {
        // A fixed address, never a parameter: a free URL would let a runner fetch any address.
        description: 'An HTTP GET of this server’s own health endpoint on 127.0.0.1:8080',
        checks: [{ name: '*' }],
        actions: [{ name: 'probe', http: { url: 'http://127.0.0.1:8080/health', method: 'GET' } }],
      },
    },
    {
      name: 'diagnose-check-demo',
      title: 'Diagnose check (demo)',
      icon: 'health',
      category: 'Demo',
      resource: 'check',
      parameters: {},
      spec: {
        description: 'Collects what is known about a check and summarises it',
        checks: [{ name: '*' }],
        actions: [
          {
            name: 'collect',
            exec: {
              script:
                "printf 'check %s (%s) is %s\\n' {{.check.name}} {{.check.type}} {{.check.status}}; sleep 1",
            },
          },
          {
            name: 'summarise',
            if: 'success()',
            exec: {
              script: 'echo summary: {{(getAction "collect").result.stdout}}',
            },
          },
          { name: 'report failure', if: 'failure()', exec: { script: 'echo "collect failed"' } },
        ],
      },
    },
    {
      name: 'approved-restart-demo',
      title: 'Restart with approval (demo)',
      icon: 'shield',
      category: 'Demo',
      resource: 'config',
      parameters: { reason: 'release' },
      spec: {
        description: 'Waits for an admin (or the sre team) to approve, then echoes the restart',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        approval: { type: 'any', approvers: { people: ['admin@local'], teams: ['sre'] } },
        parameters: [{ name: 'reason', label: 'Reason', type: 'text', required: true }],
        actions: [
          {
            name: 'restart',
            exec: {
              script: "printf 'restarting %s: %s\\n' {{.config.name}} {{.params.reason}}",
            },
          },
        ],
      },
    },
    {
      name: 'every-parameter-type',
      title: 'Every parameter type',
      icon: 'list',
      category: 'Demo',
      resource: 'check',
      parameters: { text: 'hello', checkbox: 'true', memory: '512Mi', cpu: '250m' },
      spec: {
        description: 'One parameter of each type; the action prints what it was given',
        checks: [{ name: '*' }],
        parameters: [
          { name: 'text', label: 'Text', type: 'text', default: 'hello' },
          {
            name: 'multiline',
            label: 'Multiline text',
            type: 'text',
            properties: { multiline: 'true', maxLength: 500 },
          },
          {
            name: 'hostname',
            label: 'Host name',
            type: 'text',
            default: 'api.default',
            properties: { format: 'dns1123' },
          },
          {
            name: 'count',
            label: 'Count',
            type: 'text',
            default: '3',
            properties: { format: 'number', min: 1, max: 10 },
          },
          {
            name: 'code',
            label: 'Code',
            type: 'text',
            properties: { regex: '^[A-Z]{3}$' },
          },
          { name: 'checkbox', label: 'Checkbox', type: 'checkbox', default: 'true' },
          {
            name: 'list',
            label: 'List',
            type: 'list',
            default: 'small',
            properties: {
              options: [
                { label: 'Small', value: 'small' },
                { label: 'Large', value: 'large' },
              ],
            },
          },
          { name: 'memory', label: 'Memory', type: 'bytes', default: '512Mi' },
          { name: 'cpu', label: 'CPU', type: 'millicores', default: '250m' },
          { name: 'window', label: 'Window', type: 'duration', default: '15m' },
          { name: 'team', label: 'Team', type: 'team' },
          { name: 'person', label: 'Person', type: 'people' },
          { name: 'component', label: 'Component', type: 'component' },
          { name: 'config', label: 'Config', type: 'config' },
          { name: 'check', label: 'Check', type: 'check' },
          {
            name: 'values',
            label: 'Values (YAML)',
            type: 'code',
            default: 'replicas: 2\n',
            properties: { language: 'yaml', size: 'large' },
          },
        ],
        actions: [{ name: 'print parameters', exec: { script: 'printenv | grep ^PARAM_ | sort' } }],
      },
    },
  ];
}

interface DemoPlaybook {
  name: string;
  title: string;
  icon: string;
  category: string;
  resource: 'config' | 'check' | 'component' | 'none';
  parameters: Record<string, unknown>;
  spec: {
    description: string;
    parameters?: unknown[];
    configs?: unknown[];
    checks?: unknown[];
    components?: unknown[];
    approval?: unknown;
    actions: { name: string; if?: string; [k: string]: unknown }[];
  };
}

function demoPlaybooks(): DemoPlaybook[] {
  return [
    {
      name: 'restart-deployment',
      title: 'Restart deployment',
      icon: 'kubernetes',
      category: 'Kubernetes',
      resource: 'config',
      parameters: { reason: 'stuck pods' },
      spec: {
        description: 'Rolls the pods of a deployment',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        parameters: [{ name: 'reason', label: 'Reason', type: 'text', required: true }],
        actions: [
          {
            name: 'rollout restart',
            exec: {
              script:
                'echo "(demo) kubectl rollout restart deployment/{{.config.name}} -n {{.config.tags.namespace}}"',
            },
          },
          {
            name: 'wait for rollout',
            exec: { script: 'echo "(demo) kubectl rollout status deployment/{{.config.name}}"' },
          },
        ],
      },
    },
    {
      name: 'scale-deployment',
      title: 'Scale deployment',
      icon: 'scale',
      category: 'Kubernetes',
      resource: 'config',
      parameters: { replicas: '3' },
      spec: {
        description: 'Sets the replica count',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        parameters: [{ name: 'replicas', label: 'Replicas', type: 'text', default: '2' }],
        approval: { type: 'any', approvers: { people: ['admin@local'] } },
        actions: [
          {
            name: 'scale',
            exec: {
              script:
                'echo "(demo) kubectl scale --replicas={{.params.replicas}} deployment/{{.config.name}}"',
            },
          },
        ],
      },
    },
    {
      name: 'retention-window',
      title: 'Log retention window',
      icon: 'clock',
      category: 'Maintenance',
      resource: 'none',
      parameters: { retention: '15m' },
      spec: {
        description: 'Echoes the chosen retention',
        parameters: [
          {
            name: 'retention',
            label: 'Retention window',
            type: 'duration',
            default: '15m',
            properties: { min: '5m', options: ['5m', '15m', '1h', '1d', '7d'] },
          },
        ],
        actions: [{ name: 'log retention window', exec: { script: 'echo {{.params.retention}}' } }],
      },
    },
    {
      name: 'rerun-check',
      title: 'Re-run health check',
      icon: 'health',
      category: 'Health',
      resource: 'check',
      parameters: {},
      spec: {
        description: 'Runs the check again and posts the result',
        checks: [{ types: ['http', 'tcp'] }],
        actions: [
          {
            name: 'run check',
            http: {
              url: 'http://localhost:8080/api/canary/run/check/{{.check.id}}',
              method: 'POST',
            },
          },
          {
            name: 'notify',
            notification: {
              title: 'Check {{.check.name}} re-run',
              connection: 'connection://slack/slack-alerts',
              message: 'Done',
            },
          },
        ],
      },
    },
    {
      name: 'config-changes-report',
      title: 'Changes report',
      icon: 'report',
      category: 'Catalog',
      resource: 'config',
      parameters: { since: '24h' },
      spec: {
        description: 'Counts recent changes of a config',
        configs: [{ types: ['Kubernetes::Pod', 'Kubernetes::Deployment'] }],
        parameters: [{ name: 'since', label: 'Since', type: 'duration', default: '24h' }],
        actions: [
          {
            name: 'fetch changes',
            sql: {
              query: "SELECT count(*) FROM config_changes WHERE config_id = '{{.config.id}}'",
              driver: 'postgres',
              connection: 'connection://postgres/orders-db',
            },
          },
          {
            name: 'summarise',
            if: 'last_result().count > 0',
            exec: { script: 'echo {{index last_result "count"}} changes' },
          },
        ],
      },
    },
    {
      name: 'component-diagnose',
      title: 'Diagnose component',
      icon: 'search',
      category: 'Topology',
      resource: 'component',
      parameters: {},
      spec: {
        description: 'Collects events for a component',
        components: [{ types: ['Service'] }],
        actions: [
          {
            name: 'collect events',
            exec: { script: 'echo "(demo) kubectl get events -n {{.component.labels.namespace}}"' },
          },
        ],
      },
    },
    {
      name: 'ec2-stop-instance',
      title: 'Stop EC2 instance',
      icon: 'aws-ec2-instance',
      category: 'AWS',
      resource: 'config',
      parameters: { confirm: 'yes' },
      spec: {
        description: 'Stops an EC2 instance after approval',
        configs: [{ types: ['AWS::EC2::Instance'] }],
        parameters: [
          { name: 'confirm', label: 'Type yes to confirm', type: 'text', required: true },
        ],
        approval: { type: 'all', approvers: { teams: ['sre'] } },
        actions: [
          {
            name: 'stop instance',
            exec: {
              script: 'echo "(demo) aws ec2 stop-instances --instance-ids {{.config.name}}"',
            },
          },
        ],
      },
    },
    {
      name: 'create-github-issue',
      title: 'Open GitHub issue',
      icon: 'github',
      category: 'Incidents',
      resource: 'none',
      parameters: { title: 'Follow-up' },
      spec: {
        description: 'Opens an issue for follow-up work',
        parameters: [
          { name: 'title', label: 'Title', type: 'text' },
          { name: 'body', label: 'Body', type: 'code', properties: { language: 'markdown' } },
        ],
        actions: [
          {
            name: 'open issue',
            github: { connection: 'connection://github/github', title: '{{.params.title}}' },
          },
        ],
      },
    },
  ];
}
