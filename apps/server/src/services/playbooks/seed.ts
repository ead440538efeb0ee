import { LOCAL_AGENT_ID, minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/** Demo playbooks, shaped like Mission Control Playbook specs (parameters, filters, actions), and their runs. */
export const seedPlaybooks: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const personIds = need(context.estate.personIds, 'personIds');
  const person = () => random.pick(personIds);
  const rootId = need(context.estate.rootComponentId, 'rootComponentId');
  const deployments = need(context.estate.deployments, 'deployments');
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
  const runs: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const approvals: Record<string, unknown>[] = [];
  for (let n = 0; n < 40; n += 1) {
    const playbook = random.pick(playbooks);
    const spec = playbookSpecs.find((s) => s.name === playbook.name)!;
    const status = random.pick([
      'completed',
      'completed',
      'completed',
      'failed',
      'running',
      'pending_approval',
      'cancelled',
      'scheduled',
    ]);
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
      scheduled_time: new Date(start).toISOString(),
      created_by: person(),
      error: status === 'failed' ? 'exit status 1' : null,
      created_at: new Date(start).toISOString(),
    });
    if (status === 'pending_approval') approvals.push({ run_id: runId, person_id: adminId });
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
        agent_id: LOCAL_AGENT_ID,
        error: actionStatus === 'failed' ? 'exit status 1' : null,
      });
    });
  }
  await insertRows(db, 'playbook_runs', runs);
  await insertRows(db, 'playbook_run_actions', actions);
  await insertRows(db, 'playbook_approvals', approvals);
};

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
    actions: { name: string; [k: string]: unknown }[];
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
                'kubectl rollout restart deployment/{{.config.name}} -n {{.config.tags.namespace}}',
            },
          },
          {
            name: 'wait for rollout',
            exec: { script: 'kubectl rollout status deployment/{{.config.name}}' },
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
              script: 'kubectl scale --replicas={{.params.replicas}} deployment/{{.config.name}}',
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
            exec: { script: 'echo {{.last_result.count}} changes' },
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
            exec: { script: 'kubectl get events -n {{.component.labels.namespace}}' },
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
            exec: { script: 'aws ec2 stop-instances --instance-ids {{.config.name}}' },
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
