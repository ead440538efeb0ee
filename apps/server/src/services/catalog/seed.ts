import { NAMESPACES, APPS, TEAMS, minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

/** The demo catalog: scrapers, Kubernetes and AWS config items, changes, analyses, relationships. */
export const seedCatalog: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const personIds = need(context.estate.personIds, 'personIds');
  const agentIds = need(context.estate.agentIds, 'agentIds');
  const person = () => random.pick(personIds);
  const scraperId = id('scraper:kubernetes');
  const awsScraperId = id('scraper:aws');
  await insertRows(db, 'config_scrapers', [
    {
      id: scraperId,
      name: 'kubernetes',
      namespace: 'default',
      spec: { kubernetes: [{ clusterName: 'demo-cluster' }] },
      source: 'UI',
      created_by: adminId,
    },
    {
      id: awsScraperId,
      name: 'aws',
      namespace: 'default',
      spec: { aws: [{ region: ['eu-west-1'] }] },
      source: 'UI',
      created_by: adminId,
    },
  ]);
  const configs: Record<string, unknown>[] = [];
  const config = (row: Record<string, unknown>) => {
    configs.push({
      scraper_id: scraperId,
      agent_id: random.pick(agentIds),
      parent_id: null,
      path: null,
      config_class: 'Kubernetes',
      status: 'Running',
      health: 'healthy',
      description: null,
      tags: {},
      properties: null,
      cost_per_minute: null,
      cost_total_1d: null,
      cost_total_7d: null,
      cost_total_30d: null,
      created_at: minutesAgo(now, random.int(60 * 24 * 10, 60 * 24 * 60)),
      updated_at: minutesAgo(now, random.int(0, 600)),
      ...row,
    });
    return row.id as string;
  };
  const clusterId = config({
    id: id('config:cluster'),
    config_class: 'Cluster',
    type: 'Kubernetes::Cluster',
    name: 'demo-cluster',
    labels: {},
    config: { kind: 'Cluster', version: 'v1.30.2' },
  });
  for (let n = 0; n < 4; n += 1) {
    config({
      id: id(`config:node:${n}`),
      config_class: 'Node',
      type: 'Kubernetes::Node',
      name: `node-${n}`,
      parent_id: clusterId,
      labels: { 'kubernetes.io/arch': 'amd64' },
      config: { kind: 'Node', status: { capacity: { cpu: '8', memory: '32Gi' } } },
      cost_per_minute: 0.0021,
      cost_total_1d: 3.02,
      cost_total_7d: 21.17,
      cost_total_30d: 90.72,
    });
  }
  const deployments: string[] = [];
  for (const namespace of NAMESPACES) {
    const nsId = config({
      id: id(`config:ns:${namespace}`),
      config_class: 'Namespace',
      type: 'Kubernetes::Namespace',
      name: namespace,
      parent_id: clusterId,
      labels: { namespace },
      config: { kind: 'Namespace', metadata: { name: namespace } },
    });
    for (const app of APPS.slice(0, 5)) {
      const health = random.chance(0.8)
        ? 'healthy'
        : random.pick(['unhealthy', 'warning', 'unknown']);
      const replicas = random.int(1, 4);
      const deploymentId = config({
        id: id(`config:deploy:${namespace}:${app}`),
        config_class: 'Deployment',
        type: 'Kubernetes::Deployment',
        name: app,
        parent_id: nsId,
        health,
        status: health === 'healthy' ? 'Running' : 'Progressing',
        labels: { namespace, app, team: random.pick(TEAMS) },
        tags: { cluster: 'demo-cluster', namespace },
        config: {
          kind: 'Deployment',
          metadata: { name: app, namespace },
          spec: {
            replicas,
            template: {
              spec: {
                containers: [
                  {
                    name: app,
                    image: `registry.example.com/${app}:1.${random.int(0, 20)}.${random.int(0, 9)}`,
                  },
                ],
              },
            },
          },
        },
      });
      deployments.push(deploymentId);
      for (let r = 0; r < Math.min(replicas, 2); r += 1) {
        config({
          id: id(`config:pod:${namespace}:${app}:${r}`),
          config_class: 'Pod',
          type: 'Kubernetes::Pod',
          name: `${app}-${random.int(10000, 99999)}-${r}`,
          parent_id: deploymentId,
          health,
          labels: { namespace, app },
          tags: { cluster: 'demo-cluster', namespace },
          config: { kind: 'Pod', metadata: { namespace }, status: { phase: 'Running' } },
        });
      }
    }
  }
  for (let n = 0; n < 6; n += 1) {
    config({
      id: id(`config:ec2:${n}`),
      scraper_id: awsScraperId,
      config_class: 'VirtualMachine',
      type: 'AWS::EC2::Instance',
      name: `i-0${(n * 7919).toString(16)}abc`,
      labels: { account: 'demo' },
      tags: { region: 'eu-west-1', 'account-name': 'demo' },
      config: { InstanceType: random.pick(['t3.medium', 'm5.large']), State: { Name: 'running' } },
      cost_per_minute: 0.0012,
      cost_total_1d: 1.73,
      cost_total_7d: 12.1,
      cost_total_30d: 51.8,
    });
  }
  for (let n = 0; n < 3; n += 1) {
    config({
      id: id(`config:rds:${n}`),
      scraper_id: awsScraperId,
      config_class: 'Database',
      type: 'AWS::RDS::DBInstance',
      name: `orders-db-${n}`,
      labels: { account: 'demo' },
      tags: { region: 'eu-west-1', 'account-name': 'demo' },
      config: { Engine: 'postgres', EngineVersion: '16.3', DBInstanceClass: 'db.r6g.large' },
      cost_per_minute: 0.004,
      cost_total_1d: 5.76,
      cost_total_7d: 40.3,
      cost_total_30d: 172.8,
    });
  }
  await insertRows(db, 'config_items', configs);

  const relationships = configs
    .filter((row) => row.parent_id)
    .map((row) => ({
      config_id: row.parent_id,
      related_id: row.id,
      relation: `${String(row.type).split('::').pop()}`,
    }));
  await insertRows(db, 'config_relationships', relationships);
  // The topology seed's components of the same things (same keys): the cluster, its namespaces and
  // deployments, the AWS account's RDS and EC2 instances, the payments database.
  const componentLinks: [string, string][] = [['component:root', 'config:cluster']];
  for (const namespace of NAMESPACES) {
    componentLinks.push([`component:ns:${namespace}`, `config:ns:${namespace}`]);
    for (const app of APPS.slice(0, Math.min(5, 4 + (namespace.length % 3))))
      componentLinks.push([
        `component:svc:${namespace}:${app}`,
        `config:deploy:${namespace}:${app}`,
      ]);
  }
  for (let n = 0; n < 3; n += 1) componentLinks.push([`component:aws:rds:${n}`, `config:rds:${n}`]);
  for (let n = 0; n < 6; n += 1) componentLinks.push([`component:aws:ec2:${n}`, `config:ec2:${n}`]);
  componentLinks.push(['component:payments:db', 'config:rds:0']);
  await insertRows(
    db,
    'config_component_relationships',
    componentLinks.map(([component, config]) => ({
      component_id: id(component),
      config_id: id(config),
    })),
  );

  const changeTypes = [
    'diff',
    'Pulled',
    'Scheduled',
    'Created',
    'BackOff',
    'Killing',
    'UPDATE',
    'RunInstances',
  ];
  const changes: Record<string, unknown>[] = [];
  const analyses: Record<string, unknown>[] = [];
  configs.forEach((row, index) => {
    const changeCount = random.int(1, 5);
    for (let c = 0; c < changeCount; c += 1) {
      const changeType = random.pick(changeTypes);
      const at = minutesAgo(now, random.int(5, 60 * 24 * 14));
      changes.push({
        id: id(`change:${index}:${c}`),
        config_id: row.id,
        change_type: changeType,
        severity: random.pick(['info', 'low', 'medium', 'high']),
        source: random.pick(['kubernetes', 'CloudTrail', 'config-db']),
        summary:
          changeType === 'diff'
            ? 'spec.template.spec.containers[0].image changed'
            : `${changeType} ${String(row.name)}`,
        diff:
          changeType === 'diff'
            ? `- image: ${String(row.name)}:1.0.0\n+ image: ${String(row.name)}:1.0.1\n`
            : null,
        details: { reason: changeType },
        patches: null,
        external_created_by: random.chance(0.4)
          ? 'system:serviceaccount:kube-system:deployment-controller'
          : null,
        created_by: random.chance(0.2) ? person() : null,
        created_at: at,
        count: random.int(1, 4),
        first_observed: at,
      });
    }
    if (index % 4 === 0) {
      analyses.push({
        id: id(`analysis:${index}`),
        config_id: row.id,
        analyzer: random.pick([
          'privileged-container',
          'image-not-pinned',
          'no-resource-limits',
          'public-ip',
        ]),
        analysis_type: random.pick(['security', 'reliability', 'cost', 'compliance']),
        severity: random.pick(['low', 'medium', 'high', 'critical']),
        status: random.pick(['open', 'open', 'resolved', 'silenced']),
        message: 'Finding reported by the demo analyzer',
        summary: 'Demo finding',
        analysis: { detail: 'Set resource limits on every container' },
        source: 'config-db',
        first_observed: minutesAgo(now, random.int(60 * 24, 60 * 24 * 20)),
        last_observed: minutesAgo(now, random.int(0, 600)),
      });
    }
  });
  await insertRows(db, 'config_changes', changes);
  await insertRows(db, 'config_analysis', analyses);

  if (context.size.checks > 0) {
    const { rows } = await db.query<{ id: string; canary_id: string }>(
      'SELECT id, canary_id FROM checks ORDER BY name LIMIT 100',
    );
    await insertRows(
      db,
      'check_config_relationships',
      rows.map((check) => ({
        config_id: random.pick(deployments),
        check_id: check.id,
        canary_id: check.canary_id,
      })),
    );
  }
  context.estate.scraperIds = { kubernetes: scraperId, aws: awsScraperId };
  context.estate.deployments = deployments;
  context.estate.configs = configs.length;
  context.step(`catalog (${configs.length} configs)`);
};
