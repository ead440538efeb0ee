import { APPS, NAMESPACES } from '../../db/seed/demoData.ts';
import { insertRows } from '../../db/seed/insert.ts';
import { seededRandom, seedUuid } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

type Row = Record<string, unknown>;

/**
 * The demo topologies: a Kubernetes cluster (namespaces, deployments, pods), an AWS account (RDS,
 * EC2, S3) and the payments service, with properties the cards show (CPU, memory with its max,
 * version, region…) and the demo checks linked to them; the catalog seed links configs to them and
 * the incidents seed names them in evidence. `--components N` adds a generated topology of N
 * components for benchmarks.
 *
 * The shared PRNG draws are those of the first demo topology (cluster, namespaces, services, check
 * links), so the modules seeded after this one keep their estate; everything added since draws from
 * this module's own PRNG.
 */
export const seedTopology: DemoSeed = async (context) => {
  const { db, random } = context;
  const own = seededRandom(context.key('topology'));
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const components: Row[] = [];
  const topologies: Row[] = [];
  const topology = (key: string, name: string, labels: Record<string, string>) => {
    const topologyId = id(`topology:${key}`);
    topologies.push({
      id: topologyId,
      name,
      namespace: 'default',
      labels,
      source: 'UI',
      spec: { schedule: '@every 5m' },
      schedule: '@every 5m',
      created_by: adminId,
    });
    return topologyId;
  };
  const component = (row: Row & { id: string; parent?: Row }) => {
    const { parent, ...rest } = row;
    const parentPath = parent ? String(parent.path) : '';
    const path = parent
      ? parentPath
        ? `${parentPath}.${String(parent.id)}`
        : String(parent.id)
      : '';
    const full = {
      parent_id: parent?.id ?? null,
      topology_id: parent?.topology_id ?? null,
      status: 'healthy',
      health: rest.status ?? 'healthy',
      labels: {},
      properties: [],
      path,
      created_by: adminId,
      ...rest,
    };
    components.push(full);
    return full;
  };
  const health = (healthyShare: number) =>
    own.chance(healthyShare) ? 'healthy' : own.pick(['unhealthy', 'warning']);

  // Kubernetes: demo-cluster, its namespaces, the deployments in each, their pods.
  const clusterTopology = topology('demo', 'demo-cluster', { env: 'production' });
  const cluster = component({
    id: id('component:root'),
    topology_id: clusterTopology,
    name: 'demo-cluster',
    type: 'KubernetesCluster',
    icon: 'kubernetes',
    owner: 'platform-team',
    labels: { env: 'production', cloud: 'aws' },
    description: 'The production Kubernetes cluster',
    properties: [
      { name: 'version', label: 'Version', text: 'v1.30.2', headline: true },
      { name: 'region', label: 'Region', text: 'eu-west-1', headline: true },
      { name: 'cpu', label: 'CPU', value: 23_400, unit: 'millicores', max: 48_000, headline: true },
      { name: 'memory', label: 'Memory', value: 71 * GIB, unit: 'bytes', max: 192 * GIB },
      { name: 'nodes', label: 'Nodes', value: 6 },
    ],
  });
  const deploymentsByNamespace = new Map<string, string[]>();
  const pods: string[] = [];
  for (const namespace of NAMESPACES) {
    const ns = component({
      id: id(`component:ns:${namespace}`),
      parent: cluster,
      name: namespace,
      type: 'KubernetesNamespace',
      icon: 'namespace',
      labels: { namespace },
    });
    const deployments: string[] = [];
    for (const app of APPS.slice(0, 4 + (namespace.length % 3))) {
      const deploymentHealth = random.chance(0.85)
        ? 'healthy'
        : random.pick(['unhealthy', 'warning']);
      const replicas = random.int(1, 6);
      const deployment = component({
        id: id(`component:svc:${namespace}:${app}`),
        parent: ns,
        name: app,
        type: 'KubernetesDeployment',
        icon: 'kubernetes-deployment',
        labels: { namespace, app },
        properties: [
          { name: 'replicas', label: 'Replicas', value: replicas, max: 6, headline: true },
          {
            name: 'image',
            label: 'Image',
            text: `registry.local/${app}:1.${own.int(0, 9)}.${own.int(0, 20)}`,
          },
        ],
      });
      deployments.push(String(deployment.id));
      // A failing deployment shows in one of its pods; the others run.
      for (let r = 0; r < Math.min(replicas, 3); r += 1) {
        const suffix = own.int(0x10000, 0xfffff).toString(16);
        const podStatus = r === 0 ? deploymentHealth : 'healthy';
        const pod = component({
          id: id(`component:pod:${namespace}:${app}:${r}`),
          parent: deployment,
          name: `${app}-${suffix}`,
          type: 'KubernetesPod',
          icon: 'kubernetes-pod',
          status: podStatus,
          health: podStatus,
          status_reason:
            podStatus === 'healthy'
              ? ''
              : podStatus === 'warning'
                ? 'Restarting (3 in 1h)'
                : 'CrashLoopBackOff',
          labels: { namespace, app },
          properties: [
            { name: 'cpu', label: 'CPU', value: own.int(20, 900), unit: 'millicores', max: 1000 },
            {
              name: 'memory',
              label: 'Memory',
              value: own.int(64, 480) * MIB,
              unit: 'bytes',
              max: 512 * MIB,
            },
            {
              name: 'restarts',
              label: 'Restarts',
              value: podStatus === 'healthy' ? 0 : own.int(3, 40),
            },
          ],
        });
        pods.push(String(pod.id));
      }
    }
    deploymentsByNamespace.set(namespace, deployments);
  }

  // AWS: the demo account, its RDS instances, EC2 instances and S3 buckets.
  const awsTopology = topology('aws', 'demo-account', { cloud: 'aws' });
  const account = component({
    id: id('component:aws'),
    topology_id: awsTopology,
    name: 'demo-account',
    type: 'AWS::Account',
    icon: 'aws',
    owner: 'platform-team',
    labels: { cloud: 'aws', account: 'demo' },
    properties: [
      { name: 'account', label: 'Account', text: '123456789012', headline: true },
      { name: 'region', label: 'Region', text: 'eu-west-1', headline: true },
      { name: 'cost', label: 'Cost (30d)', value: 4312, unit: 'USD', type: 'currency' },
    ],
  });
  const group = (key: string, name: string, type: string, icon: string) =>
    component({
      id: id(`component:aws:${key}`),
      parent: account,
      name,
      type,
      icon,
      labels: { cloud: 'aws' },
    });
  const rds = group('rds', 'RDS', 'AWS::RDS', 'aws-rds');
  for (let n = 0; n < 3; n += 1) {
    const status = health(0.7);
    component({
      id: id(`component:aws:rds:${n}`),
      parent: rds,
      name: `orders-db-${n}`,
      type: 'AWS::RDS::DBInstance',
      icon: 'postgres',
      status,
      health: status,
      status_reason: status === 'healthy' ? '' : 'replica lag above 30 s',
      labels: { cloud: 'aws', engine: 'postgres' },
      properties: [
        { name: 'version', label: 'Engine', text: 'postgres 16.3', headline: true },
        { name: 'class', label: 'Class', text: 'db.r6g.large' },
        { name: 'cpu', label: 'CPU', value: own.int(5, 95), unit: 'percent', headline: true },
        {
          name: 'storage',
          label: 'Storage',
          value: own.int(40, 480) * GIB,
          unit: 'bytes',
          max: 500 * GIB,
        },
        { name: 'region', label: 'Region', text: 'eu-west-1' },
      ],
    });
  }
  const ec2 = group('ec2', 'EC2', 'AWS::EC2', 'aws-ec2');
  for (let n = 0; n < 6; n += 1) {
    const status = health(0.85);
    component({
      id: id(`component:aws:ec2:${n}`),
      parent: ec2,
      name: `ip-10-0-${n}-${own.int(2, 254)}`,
      type: 'AWS::EC2::Instance',
      icon: 'aws-ec2-instance',
      status,
      health: status,
      status_reason: status === 'healthy' ? '' : 'status check failed',
      labels: { cloud: 'aws', role: 'kubernetes-node' },
      properties: [
        { name: 'type', label: 'Instance type', text: 'm6i.2xlarge', headline: true },
        { name: 'cpu', label: 'CPU', value: own.int(400, 7600), unit: 'millicores', max: 8000 },
        {
          name: 'memory',
          label: 'Memory',
          value: own.int(4, 30) * GIB,
          unit: 'bytes',
          max: 32 * GIB,
        },
        { name: 'region', label: 'Zone', text: `eu-west-1${'abc'[n % 3]}` },
      ],
    });
  }
  const s3 = group('s3', 'S3', 'AWS::S3', 'aws-s3');
  for (const [n, bucket] of ['demo-backups', 'demo-artifacts', 'demo-logs'].entries()) {
    component({
      id: id(`component:aws:s3:${n}`),
      parent: s3,
      name: bucket,
      type: 'AWS::S3::Bucket',
      icon: 'aws-s3-bucket',
      labels: { cloud: 'aws' },
      properties: [
        {
          name: 'size',
          label: 'Size',
          value: own.int(1, 900) * GIB,
          unit: 'bytes',
          headline: true,
        },
        { name: 'objects', label: 'Objects', value: own.int(1000, 900_000) },
        { name: 'region', label: 'Region', text: 'eu-west-1' },
      ],
    });
  }

  // The payments service: its API, worker, ledger, database and card gateway.
  const paymentsTopology = topology('payments', 'payments', { team: 'payments' });
  const payments = component({
    id: id('component:payments'),
    topology_id: paymentsTopology,
    name: 'payments',
    type: 'BusinessService',
    icon: 'payments',
    owner: 'payments-team',
    labels: { team: 'payments', tier: 'critical' },
    description: 'Card payments, refunds and the ledger',
    properties: [
      { name: 'version', label: 'Version', text: '2.14.0', headline: true },
      { name: 'sla', label: 'SLA', text: '99.95%', headline: true },
    ],
  });
  const paymentParts: [string, string, string, string][] = [
    ['api', 'payments-api', 'Application', 'http'],
    ['worker', 'payments-worker', 'Application', 'worker'],
    ['ledger', 'ledger', 'Application', 'ledger'],
    ['db', 'payments-db', 'Database', 'postgres'],
    ['gateway', 'card-gateway', 'Integration', 'stripe'],
  ];
  const paymentIds: string[] = [];
  for (const [key, name, type, icon] of paymentParts) {
    const status = key === 'gateway' ? 'warning' : health(0.8);
    const part = component({
      id: id(`component:payments:${key}`),
      parent: payments,
      name,
      type,
      icon,
      owner: 'payments-team',
      status,
      health: status,
      status_reason:
        status === 'healthy' ? '' : key === 'gateway' ? 'p99 latency 1.8 s' : 'error rate above 2%',
      labels: { team: 'payments', app: key },
      properties: [
        {
          name: 'version',
          label: 'Version',
          text: `2.${own.int(0, 14)}.${own.int(0, 9)}`,
          headline: true,
        },
        { name: 'cpu', label: 'CPU', value: own.int(50, 1800), unit: 'millicores', max: 2000 },
        {
          name: 'memory',
          label: 'Memory',
          value: own.int(128, 1900) * MIB,
          unit: 'bytes',
          max: 2 * GIB,
        },
        { name: 'region', label: 'Region', text: 'eu-west-1' },
      ],
    });
    paymentIds.push(String(part.id));
  }

  // The cluster's nodes: each pod runs on one, so a node's children are its pods by relationship
  // (component_relationships) while their parent stays the deployment.
  const nodes: string[] = [];
  for (let n = 0; n < 3; n += 1) {
    const node = component({
      id: id(`component:node:${n}`),
      parent: cluster,
      name: `ip-10-0-${n + 1}-${own.int(2, 254)}.eu-west-1.compute.internal`,
      type: 'KubernetesNode',
      icon: 'kubernetes-node',
      labels: { 'topology.kubernetes.io/zone': `eu-west-1${'abc'[n]}` },
      properties: [
        { name: 'cpu', label: 'CPU', value: own.int(2000, 7000), unit: 'millicores', max: 8000 },
        {
          name: 'memory',
          label: 'Memory',
          value: own.int(8, 28) * GIB,
          unit: 'bytes',
          max: 32 * GIB,
          headline: true,
        },
        { name: 'kubelet', label: 'Kubelet', text: 'v1.30.2', headline: true },
      ],
    });
    nodes.push(String(node.id));
  }
  const relationships = pods.map((pod, index) => ({
    component_id: nodes[index % nodes.length],
    relationship_id: pod,
    selector_id: 'node',
    relationship_path: '',
  }));

  // Benchmarks (--components N): one more topology of N components, 10 groups of pods under a root.
  const extra = context.size.components ?? 0;
  if (extra > 0) {
    const benchTopology = topology('bench', 'bench-estate', { bench: 'true' });
    const root = component({
      id: id('component:bench'),
      topology_id: benchTopology,
      name: 'bench-estate',
      type: 'KubernetesCluster',
      icon: 'kubernetes',
      labels: { bench: 'true' },
    });
    const groups = Math.max(1, Math.min(10, Math.floor((extra - 1) / 2)));
    const parents: Row[] = [];
    for (let g = 0; g < groups; g += 1)
      parents.push(
        component({
          id: id(`component:bench:${g}`),
          parent: root,
          name: `group-${String(g).padStart(2, '0')}`,
          type: 'KubernetesNamespace',
          icon: 'namespace',
          labels: { bench: 'true' },
        }),
      );
    for (let n = 0; n < extra - 1 - groups; n += 1) {
      const status = health(0.9);
      component({
        id: id(`component:bench:pod:${n}`),
        parent: parents[n % parents.length]!,
        name: `pod-${String(n).padStart(5, '0')}`,
        type: 'KubernetesPod',
        icon: 'kubernetes-pod',
        status,
        health: status,
        labels: { bench: 'true' },
        properties: [
          { name: 'cpu', value: own.int(10, 990), unit: 'millicores', max: 1000 },
          { name: 'memory', value: own.int(32, 500) * MIB, unit: 'bytes', max: 512 * MIB },
        ],
      });
    }
  }

  await insertRows(db, 'topologies', topologies);
  await insertRows(db, 'components', components);
  await insertRows(db, 'component_relationships', relationships);

  // The teams that own parts of the estate (reference §4: a component's team_names): platform and
  // sre run the cluster and the account, payments its service, data the databases.
  const [platform, paymentsTeam, sre, data] = context.estate.teamIds ?? [];
  const owners: [string | undefined, string[]][] = [
    [platform, [String(cluster.id), String(account.id)]],
    [sre, [String(cluster.id)]],
    [paymentsTeam, [String(payments.id), ...paymentIds]],
    [data, [String(rds.id), id('component:payments:db')]],
  ];
  await insertRows(
    db,
    'team_components',
    owners.flatMap(([teamId, componentIds]) =>
      teamId
        ? componentIds.map((componentId) => ({ team_id: teamId, component_id: componentId }))
        : [],
    ),
  );

  // Checks attached to a deployment of their namespace (the first few hundred are enough to browse).
  const linked = Math.min(context.size.checks, 400);
  const links: Row[] = [];
  if (linked > 0) {
    const { rows } = await db.query<{ id: string; canary_id: string; namespace: string }>(
      'SELECT id, canary_id, namespace FROM checks ORDER BY name LIMIT $1',
      [linked],
    );
    for (const check of rows)
      links.push({
        component_id: random.pick(
          deploymentsByNamespace.get(check.namespace) ?? [String(cluster.id)],
        ),
        check_id: check.id,
        canary_id: check.canary_id,
      });
  }
  // The payments namespace's checks also belong to the payments service's parts, in turn.
  const { rows: paymentChecks } = await db.query<{ id: string; canary_id: string }>(
    "SELECT id, canary_id FROM checks WHERE namespace = 'payments' ORDER BY name LIMIT 15",
  );
  paymentChecks.forEach((check, index) =>
    links.push({
      component_id: paymentIds[index % paymentIds.length],
      check_id: check.id,
      canary_id: check.canary_id,
    }),
  );
  await insertRows(db, 'check_component_relationships', links);

  context.estate.topologyId = clusterTopology;
  context.estate.rootComponentId = String(cluster.id);
  context.estate.components = components.length;
  context.step(`topology (${components.length} components)`);
};
