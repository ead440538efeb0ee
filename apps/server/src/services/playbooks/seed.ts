import { LOCAL_AGENT_ID, minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seededRandom, seedUuid } from '../../db/seed/random.ts';
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
  const approvers = await demoApprovers(db);
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
    // them, and the server accepts it); another playbook's run is simply scheduled. Neither draws
    // from the PRNG below, so the shared sequence is as before.
    const status = drawn === 'pending_approval' && !spec.spec.approval ? 'scheduled' : drawn;
    const start = now.getTime() - random.int(5, 60 * 24 * 10) * 60_000;
    const runId = id(`run:${n}`);
    const finished = ['completed', 'failed', 'cancelled'].includes(status);
    runs.push({
      id: runId,
      playbook_id: playbook.id,
      status,
      spec: spec.spec,
      parameters: spec.parameters,
      config_id: spec.resource === 'config' ? random.pick(deployments) : null,
      check_id: spec.resource === 'check' && someChecks[0] ? random.pick(someChecks).id : null,
      component_id: spec.resource === 'component' ? rootId : null,
      start_time:
        status === 'scheduled' || status === 'pending_approval'
          ? null
          : new Date(start).toISOString(),
      end_time: finished ? new Date(start + random.int(2, 300) * 1000).toISOString() : null,
      // History is not work: a scheduled run is due later, and a running one runs on a remote
      // agent (whose runs this server never claims), so the runner never picks up the demo's past.
      scheduled_time:
        status === 'scheduled'
          ? new Date(now.getTime() + (n + 1) * 3_600_000).toISOString()
          : new Date(start).toISOString(),
      created_by: person(),
      error: status === 'failed' ? 'exit status 1' : null,
      created_at: new Date(start).toISOString(),
      ...(status === 'running' ? { agent_id: remoteAgent } : {}),
    });
    // A run of a playbook with approvers that got past pending_approval was approved: by whom.
    if (spec.spec.approval && status !== 'pending_approval')
      approvals.push(
        ...approvalsOf(spec.spec.approval as DemoApproval, approvers, runId, new Date(start)),
      );
    if (status === 'scheduled' || status === 'pending_approval') continue;
    spec.spec.actions.forEach((action, a) => {
      const last = a === spec.spec.actions.length - 1;
      const actionStatus =
        status === 'failed' && last
          ? 'failed'
          : status === 'running' && last
            ? 'running'
            : status === 'cancelled' && last
              ? 'skipped'
              : 'completed';
      actions.push({
        id: id(`run:${n}:action:${a}`),
        playbook_run_id: runId,
        name: action.name,
        status: actionStatus,
        start_time: new Date(start + a * 2000).toISOString(),
        end_time:
          actionStatus === 'running' ? null : new Date(start + a * 2000 + 1500).toISOString(),
        scheduled_time: new Date(start).toISOString(),
        result:
          actionStatus === 'failed'
            ? { stderr: 'error: deployment not found', exitCode: 1 }
            : { stdout: `${action.name}: ok`, exitCode: 0 },
        agent_id: status === 'running' ? remoteAgent : LOCAL_AGENT_ID,
        error: actionStatus === 'failed' ? 'exit status 1' : null,
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

/** The people (by email) and teams (by name, with one member who approved for it) of the demo. */
async function demoApprovers(db: Parameters<DemoSeed>[0]['db']) {
  const [people, teams] = await Promise.all([
    db.query<{ id: string; email: string }>('SELECT id, email FROM people WHERE email IS NOT NULL'),
    db.query<{ id: string; name: string; person_id: string }>(
      `SELECT DISTINCT ON (t.name) t.id, t.name, m.person_id
       FROM teams t JOIN team_members m ON m.team_id = t.id ORDER BY t.name, m.person_id`,
    ),
  ]);
  return {
    people: new Map(people.rows.map((row) => [row.email, row.id])),
    teams: new Map(teams.rows.map((row) => [row.name, row])),
  };
}

// The approvals that scheduled a run: the first approver for `any`, every one for `all`.
function approvalsOf(
  approval: DemoApproval,
  approvers: Awaited<ReturnType<typeof demoApprovers>>,
  runId: string,
  at: Date,
): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const email of approval.approvers.people ?? []) {
    const personId = approvers.people.get(email);
    if (personId) rows.push({ run_id: runId, person_id: personId, team_id: null });
  }
  for (const name of approval.approvers.teams ?? []) {
    const team = approvers.teams.get(name);
    if (team) rows.push({ run_id: runId, person_id: team.person_id, team_id: team.id });
  }
  return (approval.type === 'any' ? rows.slice(0, 1) : rows).map((row) => ({
    ...row,
    created_at: at.toISOString(),
  }));
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
  statuses.forEach((wanted, n) => {
    // The approval playbook's run waits for approval; every other status goes to the playbooks without one.
    const withoutApproval = specs.filter((candidate) => !candidate.spec.approval);
    const status = wanted;
    const spec =
      wanted === 'pending_approval'
        ? specs.find((candidate) => candidate.spec.approval)!
        : withoutApproval[n % withoutApproval.length]!;
    const start = now.getTime() - own.int(10, 60 * 24 * 7) * 60_000;
    const runId = id(`runnable-run:${n}`);
    const check = someChecks.length > 0 ? own.pick(someChecks) : undefined;
    const final = ['completed', 'failed', 'cancelled', 'timed_out'].includes(status);
    const waiting = status === 'pending_approval';
    runs.push({
      id: runId,
      playbook_id: id(`playbook:${spec.name}`),
      status,
      spec: spec.spec,
      parameters: spec.parameters,
      config_id: spec.resource === 'config' ? own.pick(deployments) : null,
      check_id: spec.resource === 'check' && check ? check.id : null,
      start_time: waiting ? null : new Date(start).toISOString(),
      end_time: final ? new Date(start + own.int(2, 90) * 1000).toISOString() : null,
      scheduled_time:
        status === 'sleeping'
          ? new Date(now.getTime() + 24 * 3_600_000).toISOString()
          : new Date(start).toISOString(),
      timeout: 1_800_000_000_000,
      // The waiting run was asked for by the demo editor: the admin approving it in the console is
      // not its requester (nobody approves their own run).
      created_by: waiting ? need(context.estate.personIds, 'personIds')[1]! : adminId,
      error:
        status === 'failed'
          ? `action "${spec.spec.actions.at(-1)!.name}": exit status 1`
          : status === 'timed_out'
            ? 'playbook run timed out'
            : status === 'cancelled'
              ? 'cancelled'
              : null,
      created_at: new Date(start).toISOString(),
      ...(status === 'running' ? { agent_id: remoteAgent } : {}),
    });
    if (waiting) return;
    spec.spec.actions.forEach((action, a) => {
      const last = a === spec.spec.actions.length - 1;
      const actionStatus = !last
        ? 'completed'
        : ({
            completed: 'completed',
            failed: 'failed',
            timed_out: 'failed',
            cancelled: 'failed',
            sleeping: 'sleeping',
            running: 'running',
          }[status] ?? 'completed');
      const began = start + a * 1500;
      const kind = action.http ? 'http' : 'exec';
      const error =
        actionStatus !== 'failed'
          ? null
          : status === 'timed_out'
            ? 'playbook run timed out'
            : status === 'cancelled'
              ? 'run cancelled'
              : 'exit status 1';
      actions.push({
        id: id(`runnable-run:${n}:action:${a}`),
        playbook_run_id: runId,
        name: action.name,
        status: actionStatus,
        start_time: actionStatus === 'sleeping' ? null : new Date(began).toISOString(),
        end_time: ['running', 'sleeping'].includes(actionStatus)
          ? null
          : new Date(began + 1200).toISOString(),
        scheduled_time: new Date(began).toISOString(),
        result:
          kind === 'http'
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
