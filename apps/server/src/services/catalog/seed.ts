import { APPS, NAMESPACES, TEAMS, minutesAgo } from '../../db/seed/demoData.ts';
import { insertRows, PgArray } from '../../db/seed/insert.ts';
import { seededRandom, seedUuid, type SeededRandom } from '../../db/seed/random.ts';
import { type DemoSeed, need } from '../seed.ts';
import { seedBenchCatalog } from './benchSeed.ts';
import { mergePatch, unifiedJsonDiff } from './diff.ts';

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

const DAY = 60 * 24;
const CLUSTER = 'demo-cluster';
const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';
const SUBSCRIPTION = '3f2c9a71-5d0e-4c58-9b6a-2e7f1d4c8a90';

/**
 * The demo catalog: four scrapers; a Kubernetes cluster (nodes, namespaces, deployments, pods,
 * services, config maps), an AWS account (VPC, subnets, security groups, EC2, RDS, S3) and an Azure
 * subscription (resource groups, VMs, storage, SQL), each a parent/child hierarchy with `path`;
 * `config` JSON shaped like the real resources; weeks of changes with unified diffs of those
 * documents (resourceVersion and managedFields move too, as they do); insights of several
 * analyzers; relationships between configs (a pod on its node, a node on its EC2 instance) and to
 * the topology's components; the demo checks linked. `--configs N` adds a generated catalog.
 *
 * It writes only the columns of the first catalog schema (a database of the legacy runner is seeded
 * before its migrations catch up); inserted_at is the database's clock.
 *
 * The shared PRNG makes exactly the draws of the first catalog seed, so the modules seeded after
 * this one (incidents, playbooks…) keep their estate; everything else draws from this module's own.
 */
export const seedCatalog: DemoSeed = async (context) => {
  const { db, random, now } = context;
  const own = seededRandom(context.key('catalog'));
  const id = (s: string) => seedUuid(context.key(s));
  const adminId = need(context.estate.adminId, 'adminId');
  const personIds = need(context.estate.personIds, 'personIds');
  const agentIds = need(context.estate.agentIds, 'agentIds');
  replayFirstCatalogDraws(random);

  const scraper = (key: string, name: string, spec: Json) => ({
    id: id(`scraper:${key}`),
    name,
    namespace: 'default',
    description: `Scrapes ${name}`,
    spec,
    source: 'UI',
    created_by: adminId,
  });
  const scrapers = {
    kubernetes: scraper('kubernetes', 'kubernetes', {
      schedule: '@every 5m',
      kubernetes: [{ clusterName: CLUSTER, exclusions: { name: ['junit*'] }, watch: true }],
      retention: { changes: [{ name: 'Pulled', age: '7d' }] },
    }),
    aws: scraper('aws', 'aws', {
      schedule: '@every 30m',
      aws: [
        {
          region: [REGION],
          connection: 'connection://aws-demo',
          cloudtrail: { max_age: '7d', exclude: ['AssumeRole'] },
          include: ['EC2', 'RDS', 'S3', 'VPC'],
        },
      ],
    }),
    azure: scraper('azure', 'azure', {
      schedule: '@every 1h',
      azure: [{ connection: 'connection://azure-demo', subscriptionID: SUBSCRIPTION }],
    }),
    trivy: scraper('trivy', 'trivy', {
      schedule: '@every 12h',
      trivy: [{ version: '0.52.0', scanners: ['vuln', 'misconfig'], kubernetes: {} }],
    }),
  };
  await insertRows(db, 'config_scrapers', Object.values(scrapers));

  const configs: Row[] = [];
  const byKey = new Map<string, Row>();
  const config = (
    key: string,
    row: Row & { type: string; name: string; config: Json },
    parent?: Row,
  ): Row => {
    const parentPath = parent ? String(parent.path) : '';
    const created = own.int(DAY * 20, DAY * 120);
    const full: Row = {
      id: id(key),
      scraper_id: scrapers.kubernetes.id,
      agent_id: own.pick(agentIds),
      parent_id: parent?.id ?? null,
      path: parent ? (parentPath ? `${parentPath}.${String(parent.id)}` : String(parent.id)) : '',
      config_class: row.type.split('::').pop(),
      status: null,
      health: 'healthy',
      ready: true,
      description: null,
      labels: {},
      tags: {},
      external_id: null,
      source: null,
      cost_per_minute: null,
      cost_total_1d: null,
      cost_total_7d: null,
      cost_total_30d: null,
      created_at: minutesAgo(now, created),
      updated_at: minutesAgo(now, own.int(0, Math.min(created, DAY * 2))),
      deleted_at: null,
      last_scraped_time: minutesAgo(now, own.int(0, 5)),
      ...row,
    };
    configs.push(full);
    byKey.set(key, full);
    return full;
  };
  const cost = (perMinute: number) => ({
    cost_per_minute: perMinute,
    cost_total_1d: round(perMinute * 60 * 24),
    cost_total_7d: round(perMinute * 60 * 24 * 7),
    cost_total_30d: round(perMinute * 60 * 24 * 30),
  });
  const soft: Row[] = [];
  const relate = (from: Row, to: Row, relation: string) =>
    soft.push({ config_id: from.id, related_id: to.id, relation });

  // Kubernetes ---------------------------------------------------------------------------------
  const k8sTags = (namespace?: string) => ({
    cluster: CLUSTER,
    ...(namespace ? { namespace } : {}),
  });
  const cluster = config('config:cluster', {
    type: 'Kubernetes::Cluster',
    name: CLUSTER,
    status: 'Running',
    labels: { env: 'production', cloud: 'aws' },
    tags: k8sTags(),
    external_id: new PgArray([`Kubernetes/Cluster//${CLUSTER}`]),
    config: {
      apiVersion: 'v1',
      kind: 'Cluster',
      metadata: { name: CLUSTER },
      version: { gitVersion: 'v1.30.2', platform: 'linux/amd64', goVersion: 'go1.22.4' },
    },
  });
  const nodes: Row[] = [];
  for (let n = 0; n < 4; n += 1) {
    const name = `ip-10-0-${n + 1}-${own.int(10, 250)}.${REGION}.compute.internal`;
    const ready = n !== 3 || own.chance(0.5);
    nodes.push(
      config(
        `config:node:${n}`,
        {
          type: 'Kubernetes::Node',
          name,
          status: ready ? 'Ready' : 'NotReady',
          health: ready ? 'healthy' : 'unhealthy',
          labels: {
            'kubernetes.io/arch': 'amd64',
            'kubernetes.io/os': 'linux',
            'node.kubernetes.io/instance-type': n < 2 ? 'm5.xlarge' : 'm5.2xlarge',
            'topology.kubernetes.io/zone': `${REGION}${'abc'[n % 3]}`,
          },
          tags: k8sTags(),
          ...cost(n < 2 ? 0.0032 : 0.0064),
          config: nodeSpec(own, name, n),
        },
        cluster,
      ),
    );
  }

  const deployments: string[] = [];
  const pods: Row[] = [];
  const deploymentRows: Row[] = [];
  for (const namespace of NAMESPACES) {
    const ns = config(
      `config:ns:${namespace}`,
      {
        type: 'Kubernetes::Namespace',
        name: namespace,
        status: 'Active',
        labels: { 'kubernetes.io/metadata.name': namespace },
        tags: k8sTags(namespace),
        config: {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: {
            name: namespace,
            uid: seedUuid(context.key(`uid:ns:${namespace}`)),
            resourceVersion: String(own.int(1000, 9_000_000)),
            labels: { 'kubernetes.io/metadata.name': namespace },
          },
          spec: { finalizers: ['kubernetes'] },
          status: { phase: 'Active' },
        },
      },
      cluster,
    );
    const configMaps: Row[] = [];
    for (const [index, mapName] of ['app-config', 'feature-flags'].entries()) {
      if (index === 1 && own.chance(0.5)) continue;
      configMaps.push(
        config(
          `config:configmap:${namespace}:${mapName}`,
          {
            type: 'Kubernetes::ConfigMap',
            name: mapName,
            labels: { 'app.kubernetes.io/part-of': namespace },
            tags: k8sTags(namespace),
            config: {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              metadata: {
                name: mapName,
                namespace,
                uid: seedUuid(context.key(`uid:cm:${namespace}:${mapName}`)),
                resourceVersion: String(own.int(1000, 9_000_000)),
              },
              data:
                index === 0
                  ? { LOG_LEVEL: 'info', DB_POOL_SIZE: String(own.int(5, 40)), REGION }
                  : { 'checkout.v2': String(own.chance(0.5)), 'search.beta': 'false' },
            },
          },
          ns,
        ),
      );
    }
    for (const app of APPS.slice(0, 5)) {
      const health = own.chance(0.8) ? 'healthy' : own.pick(['unhealthy', 'warning']);
      const replicas = own.int(1, 3);
      const version = `1.${own.int(2, 20)}.${own.int(0, 9)}`;
      const labels = {
        app,
        'app.kubernetes.io/name': app,
        'app.kubernetes.io/part-of': namespace,
        team: own.pick(TEAMS),
      };
      const deployment = config(
        `config:deploy:${namespace}:${app}`,
        {
          type: 'Kubernetes::Deployment',
          name: app,
          health,
          status:
            health === 'healthy' ? 'Running' : health === 'warning' ? 'Progressing' : 'Failed',
          ready: health === 'healthy',
          description: `The ${app} service of ${namespace}`,
          labels,
          tags: k8sTags(namespace),
          config: deploymentSpec(own, context.key(`uid:${namespace}:${app}`), {
            namespace,
            app,
            version,
            replicas,
            available: health === 'healthy' ? replicas : replicas - 1,
          }),
        },
        ns,
      );
      deployments.push(String(deployment.id));
      deploymentRows.push(deployment);
      relate(deployment, own.pick(configMaps), 'mounts');
      const service = config(
        `config:svc:${namespace}:${app}`,
        {
          type: 'Kubernetes::Service',
          name: app,
          status: 'Active',
          labels: { app },
          tags: k8sTags(namespace),
          config: {
            apiVersion: 'v1',
            kind: 'Service',
            metadata: {
              name: app,
              namespace,
              uid: seedUuid(context.key(`uid:svc:${namespace}:${app}`)),
              resourceVersion: String(own.int(1000, 9_000_000)),
              labels: { app },
            },
            spec: {
              type: 'ClusterIP',
              clusterIP: `172.20.${own.int(0, 255)}.${own.int(1, 254)}`,
              ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 }],
              selector: { app },
            },
          },
        },
        ns,
      );
      for (let r = 0; r < replicas; r += 1) {
        const failing = r === 0 && health !== 'healthy';
        const node = own.pick(nodes);
        const podName = `${app}-${own.int(0x1000000, 0xfffffff).toString(16)}-${randomSuffix(own)}`;
        const pod = config(
          `config:pod:${namespace}:${app}:${r}`,
          {
            type: 'Kubernetes::Pod',
            name: podName,
            health: failing ? health : 'healthy',
            status: failing ? (health === 'warning' ? 'Pending' : 'CrashLoopBackOff') : 'Running',
            ready: !failing,
            labels: { app, 'pod-template-hash': podName.split('-')[1]! },
            tags: k8sTags(namespace),
            config: podSpec(own, context.key(`uid:pod:${namespace}:${app}:${r}`), {
              namespace,
              app,
              name: podName,
              version,
              node: String(node.name),
              failing,
            }),
          },
          deployment,
        );
        pods.push(pod);
        relate(pod, node, 'runs-on');
        relate(service, pod, 'selects');
      }
    }
  }
  // Two pods replaced by a rollout: deleted, kept for their history (include_deleted_configs).
  for (const [n, namespace] of ['payments', 'checkout'].entries()) {
    const deployment = byKey.get(`config:deploy:${namespace}:api`)!;
    config(
      `config:pod:${namespace}:api:old`,
      {
        type: 'Kubernetes::Pod',
        name: `api-5c9d${n}f7b8-old${n}`,
        status: 'Terminated',
        health: 'unknown',
        ready: false,
        labels: { app: 'api' },
        tags: k8sTags(namespace),
        deleted_at: minutesAgo(now, DAY * (3 + n)),
        config: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'api-old', namespace } },
      },
      deployment,
    );
  }

  // AWS ----------------------------------------------------------------------------------------
  const aws = {
    scraper_id: scrapers.aws.id,
    source: 'AWS',
    tags: { account: ACCOUNT, region: REGION },
  };
  const awsLabels = (extra: Record<string, string> = {}) => ({
    Environment: 'production',
    ManagedBy: 'terraform',
    ...extra,
  });
  const account = config('config:aws:account', {
    ...aws,
    type: 'AWS::::Account',
    name: `demo (${ACCOUNT})`,
    status: 'Active',
    labels: awsLabels(),
    external_id: new PgArray([ACCOUNT]),
    config: { Id: ACCOUNT, Name: 'demo', Email: 'aws@example.com', Status: 'ACTIVE' },
  });
  const vpc = config(
    'config:aws:vpc',
    {
      ...aws,
      type: 'AWS::EC2::VPC',
      name: 'vpc-demo',
      status: 'available',
      labels: awsLabels({ Name: 'vpc-demo' }),
      external_id: new PgArray(['vpc-0a1b2c3d4e5f60718']),
      config: {
        VpcId: 'vpc-0a1b2c3d4e5f60718',
        CidrBlock: '10.0.0.0/16',
        State: 'available',
        IsDefault: false,
        Tags: [{ Key: 'Name', Value: 'vpc-demo' }],
      },
    },
    account,
  );
  const subnets = [0, 1].map((n) =>
    config(
      `config:aws:subnet:${n}`,
      {
        ...aws,
        type: 'AWS::EC2::Subnet',
        name: `subnet-private-${'ab'[n]}`,
        status: 'available',
        labels: awsLabels({ Tier: 'private' }),
        config: {
          SubnetId: `subnet-0${n}9f8e7d6c5b4a3921`,
          VpcId: 'vpc-0a1b2c3d4e5f60718',
          CidrBlock: `10.0.${n + 1}.0/24`,
          AvailabilityZone: `${REGION}${'ab'[n]}`,
          AvailableIpAddressCount: own.int(100, 250),
        },
      },
      vpc,
    ),
  );
  const securityGroups = ['sg-web', 'sg-db'].map((name, n) =>
    config(
      `config:aws:sg:${n}`,
      {
        ...aws,
        type: 'AWS::EC2::SecurityGroup',
        name,
        labels: awsLabels(),
        config: {
          GroupId: `sg-0${n}c1d2e3f4a5b6c7d8`,
          GroupName: name,
          IpPermissions: [
            {
              FromPort: n === 0 ? 443 : 5432,
              ToPort: n === 0 ? 443 : 5432,
              IpProtocol: 'tcp',
              IpRanges: [{ CidrIp: n === 0 ? '0.0.0.0/0' : '10.0.0.0/16' }],
            },
          ],
        },
      },
      vpc,
    ),
  );
  const instances: Row[] = [];
  for (let n = 0; n < 6; n += 1) {
    const running = n !== 5;
    const instanceType =
      n < 4 ? (n < 2 ? 'm5.xlarge' : 'm5.2xlarge') : own.pick(['t3.medium', 't3.large']);
    const instanceId = `i-0${(n * 7919 + 4093).toString(16)}${own.int(0x10000000, 0xffffffff).toString(16)}`;
    const instance = config(
      `config:ec2:${n}`,
      {
        ...aws,
        type: 'AWS::EC2::Instance',
        name: instanceId,
        status: running ? 'running' : 'stopped',
        health: running ? 'healthy' : 'unknown',
        ready: running,
        labels: awsLabels(
          n < 4
            ? { 'eks:cluster-name': CLUSTER, Name: `${CLUSTER}-node` }
            : { Name: `bastion-${n - 3}` },
        ),
        external_id: new PgArray([instanceId]),
        ...cost(running ? (n < 2 ? 0.0032 : 0.0064) : 0),
        config: {
          InstanceId: instanceId,
          InstanceType: instanceType,
          ImageId: 'ami-0c1bc246476a5572b',
          State: { Code: running ? 16 : 80, Name: running ? 'running' : 'stopped' },
          Placement: { AvailabilityZone: `${REGION}${'ab'[n % 2]}`, Tenancy: 'default' },
          PrivateIpAddress: `10.0.${(n % 2) + 1}.${own.int(10, 250)}`,
          SubnetId: `subnet-0${n % 2}9f8e7d6c5b4a3921`,
          VpcId: 'vpc-0a1b2c3d4e5f60718',
          SecurityGroups: [{ GroupId: 'sg-00c1d2e3f4a5b6c7d8', GroupName: 'sg-web' }],
          LaunchTime: minutesAgo(now, own.int(DAY * 20, DAY * 90)),
          Tags: [{ Key: 'Environment', Value: 'production' }],
        },
      },
      subnets[n % 2],
    );
    instances.push(instance);
    relate(instance, securityGroups[0]!, 'member-of');
    if (n < 4) relate(nodes[n]!, instance, 'runs-on');
  }
  for (let n = 0; n < 3; n += 1) {
    const name = ['orders-db', 'payments-db', 'analytics-db'][n]!;
    const rds = config(
      `config:rds:${n}`,
      {
        ...aws,
        type: 'AWS::RDS::DBInstance',
        name,
        status: n === 2 ? 'storage-optimization' : 'available',
        health: n === 2 ? 'warning' : 'healthy',
        labels: awsLabels({ Team: n === 1 ? 'payments' : 'data' }),
        external_id: new PgArray([`arn:aws:rds:${REGION}:${ACCOUNT}:db:${name}`]),
        ...cost([0.004, 0.0085, 0.0021][n]!),
        config: {
          DBInstanceIdentifier: name,
          DBInstanceClass: ['db.r6g.large', 'db.r6g.xlarge', 'db.t4g.medium'][n],
          Engine: 'postgres',
          EngineVersion: '16.3',
          DBInstanceStatus: n === 2 ? 'storage-optimization' : 'available',
          AllocatedStorage: [200, 500, 100][n],
          MultiAZ: n < 2,
          BackupRetentionPeriod: n === 2 ? 0 : 7,
          Endpoint: { Address: `${name}.c9akciq32.${REGION}.rds.amazonaws.com`, Port: 5432 },
          StorageEncrypted: n !== 2,
        },
      },
      subnets[n % 2],
    );
    relate(rds, securityGroups[1]!, 'member-of');
  }
  for (const [n, bucket] of ['demo-backups', 'demo-artifacts', 'demo-logs'].entries()) {
    config(
      `config:s3:${n}`,
      {
        ...aws,
        type: 'AWS::S3::Bucket',
        name: bucket,
        labels: awsLabels(),
        external_id: new PgArray([`arn:aws:s3:::${bucket}`]),
        ...cost([0.0007, 0.0002, 0.0011][n]!),
        config: {
          Name: bucket,
          CreationDate: minutesAgo(now, own.int(DAY * 100, DAY * 400)),
          Region: REGION,
          Versioning: { Status: n === 0 ? 'Enabled' : 'Suspended' },
          Encryption: { SSEAlgorithm: 'aws:kms' },
          PublicAccessBlock: { BlockPublicAcls: n !== 1, RestrictPublicBuckets: n !== 1 },
        },
      },
      account,
    );
  }

  // Azure --------------------------------------------------------------------------------------
  const azure = { scraper_id: scrapers.azure.id, source: 'Azure' };
  const azureTags = (group?: string) => ({
    subscription: SUBSCRIPTION,
    region: 'westeurope',
    ...(group ? { resourceGroup: group } : {}),
  });
  const subscription = config('config:azure:subscription', {
    ...azure,
    type: 'Azure::Subscription',
    name: 'demo-subscription',
    status: 'Enabled',
    tags: azureTags(),
    external_id: new PgArray([`/subscriptions/${SUBSCRIPTION}`]),
    config: { subscriptionId: SUBSCRIPTION, displayName: 'demo-subscription', state: 'Enabled' },
  });
  for (const group of ['rg-web', 'rg-data']) {
    const resourceGroup = config(
      `config:azure:rg:${group}`,
      {
        ...azure,
        type: 'Azure::ResourceGroup',
        name: group,
        status: 'Succeeded',
        tags: azureTags(group),
        config: {
          id: `/subscriptions/${SUBSCRIPTION}/resourceGroups/${group}`,
          location: 'westeurope',
          properties: { provisioningState: 'Succeeded' },
        },
      },
      subscription,
    );
    const vmCount = group === 'rg-web' ? 2 : 1;
    for (let n = 0; n < vmCount; n += 1) {
      const name = `${group.slice(3)}-vm-${n}`;
      const size = own.pick(['Standard_D2s_v5', 'Standard_D4s_v5']);
      config(
        `config:azure:vm:${group}:${n}`,
        {
          ...azure,
          type: 'Azure::Compute::VirtualMachine',
          name,
          status: 'VM running',
          labels: { env: 'production', owner: group === 'rg-web' ? 'web' : 'data' },
          tags: azureTags(group),
          ...cost(size === 'Standard_D2s_v5' ? 0.0016 : 0.0032),
          config: {
            name,
            location: 'westeurope',
            properties: {
              hardwareProfile: { vmSize: size },
              storageProfile: {
                imageReference: {
                  publisher: 'Canonical',
                  offer: '0001-com-ubuntu-server-jammy',
                  sku: '22_04-lts-gen2',
                  version: 'latest',
                },
                osDisk: { diskSizeGB: 64, managedDisk: { storageAccountType: 'Premium_LRS' } },
              },
              osProfile: { computerName: name, adminUsername: 'azureuser' },
              provisioningState: 'Succeeded',
            },
          },
        },
        resourceGroup,
      );
    }
    config(
      `config:azure:storage:${group}`,
      {
        ...azure,
        type: 'Azure::Storage::StorageAccount',
        name: `st${group.replace('-', '')}demo`,
        status: 'Available',
        tags: azureTags(group),
        ...cost(0.0004),
        config: {
          kind: 'StorageV2',
          sku: { name: 'Standard_LRS', tier: 'Standard' },
          properties: { minimumTlsVersion: group === 'rg-web' ? 'TLS1_0' : 'TLS1_2' },
        },
      },
      resourceGroup,
    );
  }

  await insertRows(db, 'config_items', configs);

  // Relationships: soft ones above; the topology's components of the same things (same keys).
  await insertRows(db, 'config_relationships', soft);
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
  for (let n = 0; n < 3; n += 1) componentLinks.push([`component:aws:s3:${n}`, `config:s3:${n}`]);
  componentLinks.push(['component:payments:db', 'config:rds:0']);
  await insertRows(
    db,
    'config_component_relationships',
    componentLinks.map(([component, config]) => ({
      component_id: id(component),
      config_id: id(config),
    })),
  );

  const { changes, analyses } = history(own, now, configs, personIds, id);
  await insertRows(db, 'config_changes', changes);
  await insertRows(db, 'config_analysis', analyses);

  // The demo checks on deployments (the first catalog's shared draws), and the payments checks on
  // the payments database as well.
  if (context.size.checks > 0) {
    const { rows } = await db.query<{ id: string; canary_id: string }>(
      'SELECT id, canary_id FROM checks ORDER BY name LIMIT 100',
    );
    const links = rows.map((check) => ({
      config_id: random.pick(deployments),
      check_id: check.id,
      canary_id: check.canary_id,
    }));
    const { rows: paymentChecks } = await db.query<{ id: string; canary_id: string }>(
      "SELECT id, canary_id FROM checks WHERE namespace = 'payments' ORDER BY name LIMIT 3",
    );
    for (const check of paymentChecks)
      links.push({ config_id: id('config:rds:1'), check_id: check.id, canary_id: check.canary_id });
    await insertRows(db, 'check_config_relationships', links);
  }

  context.estate.scraperIds = { kubernetes: scrapers.kubernetes.id, aws: scrapers.aws.id };
  context.estate.deployments = deployments;
  context.step(`catalog (${configs.length} configs, ${changes.length} changes)`);

  const generated = context.size.configs ?? 0;
  if (generated > 0) {
    await seedBenchCatalog(db, {
      count: generated,
      key: context.key('bench'),
      now,
      scraperId: scrapers.kubernetes.id,
    });
    context.step(`catalog bench (${generated} configs)`);
  }
  context.estate.configs = configs.length + generated;
};

const round = (value: number) => Math.round(value * 100) / 100;

function randomSuffix(own: SeededRandom): string {
  const letters = 'bcdfghjklmnpqrstvwxz2456789';
  let text = '';
  for (let n = 0; n < 5; n += 1) text += letters[own.int(0, letters.length - 1)];
  return text;
}

/**
 * The draws the first catalog seed made on the shared PRNG, in its order and number (it drew an
 * agent and two times per config, a deployment's health, replicas, team and image, a pod's name,
 * an EC2 type, then each config's changes and every fourth config's analysis), so the modules
 * seeded after this one draw what they always drew.
 */
function replayFirstCatalogDraws(random: SeededRandom): void {
  let configs = 0;
  const config = () => {
    random.next();
    random.next();
    random.next();
    configs += 1;
  };
  config(); // the cluster
  for (let n = 0; n < 4; n += 1) config();
  for (let ns = 0; ns < NAMESPACES.length; ns += 1) {
    config();
    for (let app = 0; app < 5; app += 1) {
      if (!random.chance(0.8)) random.next();
      const replicas = random.int(1, 4);
      random.next(); // team
      random.next(); // image major
      random.next(); // image minor
      config();
      for (let r = 0; r < Math.min(replicas, 2); r += 1) {
        random.next(); // pod name
        config();
      }
    }
  }
  for (let n = 0; n < 6; n += 1) {
    random.next(); // instance type
    config();
  }
  for (let n = 0; n < 3; n += 1) config();
  for (let index = 0; index < configs; index += 1) {
    const changes = random.int(1, 5);
    for (let c = 0; c < changes; c += 1) {
      // type, time, severity, source, external author?, author?, [author], count
      for (let draw = 0; draw < 5; draw += 1) random.next();
      if (random.chance(0.2)) random.next();
      random.next();
    }
    if (index % 4 === 0) for (let draw = 0; draw < 6; draw += 1) random.next();
  }
}

function nodeSpec(own: SeededRandom, name: string, n: number): Json {
  const cpu = n < 2 ? '4' : '8';
  const memory = n < 2 ? '16116152Ki' : '32212472Ki';
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      resourceVersion: String(own.int(1_000_000, 9_000_000)),
      labels: {
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'node.kubernetes.io/instance-type': n < 2 ? 'm5.xlarge' : 'm5.2xlarge',
      },
    },
    spec: { providerID: `aws:///${REGION}${'abc'[n % 3]}/i-0${(n * 7919 + 4093).toString(16)}` },
    status: {
      capacity: { cpu, memory, pods: '58' },
      allocatable: { cpu: `${Number(cpu) - 0.1}`, memory, pods: '58' },
      nodeInfo: {
        architecture: 'amd64',
        containerRuntimeVersion: 'containerd://1.7.11',
        kernelVersion: '6.1.94-99.176.amzn2023.x86_64',
        kubeletVersion: 'v1.30.2-eks-1552ad0',
        kubeProxyVersion: 'v1.30.2-eks-1552ad0',
        operatingSystem: 'linux',
        osImage: 'Amazon Linux 2023.5.20240624',
      },
      addresses: [
        { type: 'InternalIP', address: `10.0.${(n % 2) + 1}.${own.int(10, 250)}` },
        { type: 'Hostname', address: name },
      ],
    },
  };
}

interface WorkloadFacts {
  namespace: string;
  app: string;
  version: string;
  replicas: number;
  available: number;
}

function container(app: string, version: string, memory = '256Mi') {
  return {
    name: app,
    image: `registry.example.com/${app}:${version}`,
    ports: [{ containerPort: 8080, protocol: 'TCP' }],
    resources: { limits: { cpu: '500m', memory }, requests: { cpu: '100m', memory } },
    env: [{ name: 'LOG_LEVEL', value: 'info' }],
  };
}

function managedFields(manager: string, at: string) {
  return [
    {
      manager,
      operation: 'Update',
      apiVersion: 'apps/v1',
      time: at,
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': {} } } } },
    },
  ];
}

function deploymentSpec(own: SeededRandom, uidKey: string, facts: WorkloadFacts): Json {
  const { namespace, app, version, replicas, available } = facts;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: app,
      namespace,
      uid: seedUuid(uidKey),
      generation: own.int(3, 40),
      resourceVersion: String(own.int(1_000_000, 9_000_000)),
      labels: { app, 'app.kubernetes.io/name': app },
      annotations: { 'deployment.kubernetes.io/revision': String(own.int(2, 30)) },
      managedFields: managedFields('kubectl-client-side-apply', '2024-06-01T10:00:00Z'),
    },
    spec: {
      replicas,
      selector: { matchLabels: { app } },
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
      },
      template: {
        metadata: { labels: { app } },
        spec: { containers: [container(app, version)], serviceAccountName: app },
      },
    },
    status: {
      replicas,
      readyReplicas: available,
      availableReplicas: available,
      observedGeneration: 1,
    },
  };
}

function podSpec(
  own: SeededRandom,
  uidKey: string,
  facts: {
    namespace: string;
    app: string;
    name: string;
    version: string;
    node: string;
    failing: boolean;
  },
): Json {
  const { namespace, app, name, version, node, failing } = facts;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      uid: seedUuid(uidKey),
      resourceVersion: String(own.int(1_000_000, 9_000_000)),
      labels: { app },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: name.replace(/-[^-]+$/, '') },
      ],
      managedFields: managedFields('kube-controller-manager', '2024-06-01T10:00:00Z'),
    },
    spec: {
      nodeName: node,
      containers: [container(app, version)],
      restartPolicy: 'Always',
      serviceAccountName: app,
    },
    status: {
      phase: 'Running',
      podIP: `10.0.${own.int(1, 2)}.${own.int(10, 250)}`,
      hostIP: `10.0.${own.int(1, 2)}.${own.int(10, 250)}`,
      conditions: [
        { type: 'Ready', status: failing ? 'False' : 'True' },
        { type: 'ContainersReady', status: failing ? 'False' : 'True' },
      ],
      containerStatuses: [
        {
          name: app,
          ready: !failing,
          restartCount: failing ? own.int(3, 40) : 0,
          image: `registry.example.com/${app}:${version}`,
          ...(failing
            ? {
                state: {
                  waiting: {
                    reason: 'CrashLoopBackOff',
                    message: 'back-off 5m0s restarting failed container',
                  },
                },
              }
            : { state: { running: { startedAt: '2024-06-01T10:02:11Z' } } }),
        },
      ],
    },
  };
}

interface ChangeEvent {
  change_type: string;
  severity: string;
  source: string;
  summary: string;
  details?: Json;
  external_created_by?: string;
}

const EVENTS: Record<string, ChangeEvent[]> = {
  'Kubernetes::Pod': [
    {
      change_type: 'Scheduled',
      severity: 'info',
      source: 'kubernetes/event',
      summary: 'Successfully assigned the pod to a node',
    },
    {
      change_type: 'Pulled',
      severity: 'info',
      source: 'kubernetes/event',
      summary: 'Container image already present on machine',
    },
    {
      change_type: 'Started',
      severity: 'info',
      source: 'kubernetes/event',
      summary: 'Started container',
    },
    {
      change_type: 'BackOff',
      severity: 'high',
      source: 'kubernetes/event',
      summary: 'Back-off restarting failed container',
    },
    {
      change_type: 'Unhealthy',
      severity: 'medium',
      source: 'kubernetes/event',
      summary: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
    },
    {
      change_type: 'Killing',
      severity: 'low',
      source: 'kubernetes/event',
      summary: 'Stopping container',
    },
  ],
  'Kubernetes::Deployment': [
    {
      change_type: 'ScalingReplicaSet',
      severity: 'info',
      source: 'kubernetes/event',
      summary: 'Scaled up replica set',
      external_created_by: 'system:serviceaccount:kube-system:deployment-controller',
    },
  ],
  'Kubernetes::Node': [
    {
      change_type: 'NodeNotReady',
      severity: 'critical',
      source: 'kubernetes/event',
      summary: 'Node status is now: NodeNotReady',
    },
    {
      change_type: 'NodeReady',
      severity: 'info',
      source: 'kubernetes/event',
      summary: 'Node status is now: NodeReady',
    },
    {
      change_type: 'RegisteredNode',
      severity: 'info',
      source: 'kubernetes/event',
      summary: 'Registered Node in Controller',
    },
  ],
  'AWS::EC2::Instance': [
    {
      change_type: 'StopInstances',
      severity: 'medium',
      source: 'AWS::CloudTrail',
      summary: 'StopInstances by ops@example.com',
      external_created_by: 'arn:aws:iam::123456789012:user/ops',
    },
    {
      change_type: 'StartInstances',
      severity: 'info',
      source: 'AWS::CloudTrail',
      summary: 'StartInstances by ops@example.com',
      external_created_by: 'arn:aws:iam::123456789012:user/ops',
    },
    {
      change_type: 'CreateTags',
      severity: 'info',
      source: 'AWS::CloudTrail',
      summary: 'CreateTags by terraform',
      external_created_by: 'arn:aws:iam::123456789012:role/terraform',
    },
  ],
  'AWS::RDS::DBInstance': [
    {
      change_type: 'CreateDBSnapshot',
      severity: 'info',
      source: 'AWS::CloudTrail',
      summary: 'Automated snapshot created',
    },
    {
      change_type: 'RebootDBInstance',
      severity: 'high',
      source: 'AWS::CloudTrail',
      summary: 'DB instance restarted',
      external_created_by: 'arn:aws:iam::123456789012:user/dba',
    },
  ],
  'AWS::S3::Bucket': [
    {
      change_type: 'PutBucketPolicy',
      severity: 'high',
      source: 'AWS::CloudTrail',
      summary: 'Bucket policy replaced',
      external_created_by: 'arn:aws:iam::123456789012:role/terraform',
    },
  ],
  'AWS::EC2::SecurityGroup': [
    {
      change_type: 'AuthorizeSecurityGroupIngress',
      severity: 'critical',
      source: 'AWS::CloudTrail',
      summary: 'Ingress from 0.0.0.0/0 allowed on 443',
      external_created_by: 'arn:aws:iam::123456789012:user/ops',
    },
  ],
  'Azure::Compute::VirtualMachine': [
    {
      change_type: 'Microsoft.Compute/virtualMachines/restart/action',
      severity: 'medium',
      source: 'Azure::ActivityLog',
      summary: 'Restart Virtual Machine',
    },
  ],
};

/** One edit of a config's document: the change it makes and the version before it. */
function versionStep(
  own: SeededRandom,
  row: Row,
  doc: Json,
): { before: Json; event: ChangeEvent } | undefined {
  const before = structuredClone(doc);
  const metadata = doc.metadata as Json | undefined;
  // Every Kubernetes write moves resourceVersion (and the managedFields time): noise a reader hides.
  const bump = () => {
    if (!metadata) return;
    if (metadata.resourceVersion)
      metadata.resourceVersion = String(Number(metadata.resourceVersion) - own.int(500, 90_000));
    const fields = metadata.managedFields as Json[] | undefined;
    if (fields?.[0])
      fields[0].time = `2024-0${own.int(1, 5)}-1${own.int(0, 9)}T0${own.int(0, 9)}:00:00Z`;
  };
  // `doc` becomes the older version; `before` is what it was (the newer one).
  switch (row.type) {
    case 'Kubernetes::Deployment':
    case 'Kubernetes::Pod': {
      const spec = (
        row.type === 'Kubernetes::Pod' ? doc.spec : ((doc.spec as Json).template as Json).spec
      ) as { containers: { image: string; resources: Json }[] };
      const image = spec.containers[0]!.image;
      const [repo, version] = image.split(':') as [string, string];
      const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
      if (own.chance(0.7) && patch > 0) {
        spec.containers[0]!.image = `${repo}:${major}.${minor}.${patch - 1}`;
        bump();
        return {
          before,
          event: {
            change_type: 'diff',
            severity: 'info',
            source: 'kubernetes',
            summary: `image ${repo.split('/').pop()} ${major}.${minor}.${patch - 1} → ${version}`,
          },
        };
      }
      if (
        row.type === 'Kubernetes::Deployment' &&
        typeof (doc.spec as Json).replicas === 'number'
      ) {
        const replicas = (doc.spec as Json).replicas as number;
        (doc.spec as Json).replicas = replicas + 1;
        bump();
        return {
          before,
          event: {
            change_type: 'diff',
            severity: 'low',
            source: 'kubernetes',
            summary: `spec.replicas ${replicas + 1} → ${replicas}`,
          },
        };
      }
      const limits = spec.containers[0]!.resources.limits as Json;
      const memory = limits.memory;
      limits.memory = memory === '256Mi' ? '128Mi' : '256Mi';
      bump();
      return {
        before,
        event: {
          change_type: 'diff',
          severity: 'medium',
          source: 'kubernetes',
          summary: `resources.limits.memory ${String(limits.memory)} → ${String(memory)}`,
        },
      };
    }
    case 'Kubernetes::ConfigMap': {
      const data = doc.data as Record<string, string>;
      const key = Object.keys(data)[own.int(0, Object.keys(data).length - 1)]!;
      const value = data[key]!;
      data[key] =
        value === 'info'
          ? 'debug'
          : value === 'true'
            ? 'false'
            : value === 'false'
              ? 'true'
              : `${value}0`;
      bump();
      return {
        before,
        event: {
          change_type: 'diff',
          severity: 'low',
          source: 'kubernetes',
          summary: `data.${key} changed`,
        },
      };
    }
    case 'AWS::EC2::Instance': {
      const type = doc.InstanceType as string;
      doc.InstanceType = type.replace('2xlarge', 'xlarge').replace('large', 'medium');
      if (doc.InstanceType === type) return undefined;
      return {
        before,
        event: {
          change_type: 'ModifyInstanceAttribute',
          severity: 'medium',
          source: 'AWS::CloudTrail',
          summary: `InstanceType ${String(doc.InstanceType)} → ${type}`,
          external_created_by: 'arn:aws:iam::123456789012:role/terraform',
        },
      };
    }
    case 'AWS::RDS::DBInstance': {
      const version = doc.EngineVersion as string;
      const [major, minor] = version.split('.').map(Number) as [number, number];
      if (minor === 0) return undefined;
      doc.EngineVersion = `${major}.${minor - 1}`;
      return {
        before,
        event: {
          change_type: 'ModifyDBInstance',
          severity: 'medium',
          source: 'AWS::CloudTrail',
          summary: `EngineVersion ${String(doc.EngineVersion)} → ${version}`,
          external_created_by: 'arn:aws:iam::123456789012:user/dba',
        },
      };
    }
    default:
      return undefined;
  }
}

/**
 * Weeks of changes per config, newest first walked back from the current document (so each diff
 * turns one version into the next and the last one ends at `config`), events between them; and
 * insights by several analyzers.
 */
function history(
  own: SeededRandom,
  now: Date,
  configs: readonly Row[],
  personIds: readonly string[],
  id: (key: string) => string,
) {
  const changes: Row[] = [];
  const analyses: Row[] = [];
  for (const row of configs) {
    if (row.deleted_at) continue;
    const type = String(row.type);
    const doc = structuredClone(row.config) as Json;
    const count =
      type === 'Kubernetes::Namespace' || type.startsWith('Azure::R')
        ? own.int(0, 1)
        : own.int(2, 7);
    // Minutes ago of each change, newest first, spread over five weeks.
    const times = Array.from({ length: count }, () => own.int(3, DAY * 35)).sort((a, b) => a - b);
    times.forEach((ago, c) => {
      const at = minutesAgo(now, ago);
      const step = own.chance(0.55) ? versionStep(own, row, doc) : undefined;
      const events = EVENTS[type] ?? [];
      let event: ChangeEvent;
      let diff: string | null = null;
      let patches: string | null = null;
      if (step) {
        event = step.event;
        const name = `${type}/${String(row.name)}`;
        diff = unifiedJsonDiff(doc, step.before, name);
        patches = mergePatch(doc, step.before);
      } else if (events.length > 0) {
        event = own.pick(events);
      } else {
        event = {
          change_type: 'UPDATE',
          severity: 'info',
          source: String(row.source ?? 'kubernetes'),
          summary: `${String(row.name)} updated`,
        };
      }
      const repeated = event.change_type !== 'diff' && own.chance(0.3) ? own.int(2, 12) : 1;
      changes.push({
        id: id(`change:${String(row.id)}:${c}`),
        config_id: row.id,
        external_change_id: event.source.startsWith('AWS') ? `ct-${own.int(1e8, 9e8)}` : null,
        change_type: event.change_type,
        severity: event.severity,
        source: event.source,
        summary: event.summary,
        diff,
        details: step
          ? { reason: 'config changed', fields: event.summary.split(' ')[0] }
          : { reason: event.change_type, message: event.summary, count: repeated },
        patches,
        external_created_by:
          event.external_created_by ??
          (step && type.startsWith('Kubernetes')
            ? 'system:serviceaccount:argocd:argocd-application-controller'
            : null),
        created_by: step && own.chance(0.15) ? own.pick(personIds) : null,
        created_at: at,
        count: repeated,
        first_observed: minutesAgo(now, ago + (repeated > 1 ? own.int(30, 600) : 0)),
      });
    });
    for (const finding of FINDINGS) {
      if (!finding.types.includes(type) || !own.chance(finding.share)) continue;
      const first = own.int(DAY, DAY * 30);
      const status = own.chance(0.7) ? 'open' : own.pick(['resolved', 'silenced']);
      analyses.push({
        id: id(`analysis:${String(row.id)}:${finding.analyzer}`),
        config_id: row.id,
        scraper_id: finding.source === 'Trivy' ? id('scraper:trivy') : row.scraper_id,
        analyzer: finding.analyzer,
        analysis_type: finding.type,
        severity: finding.severity,
        status,
        summary: finding.summary,
        message: finding.message,
        analysis: finding.analysis,
        source: finding.source,
        first_observed: minutesAgo(now, first),
        last_observed: minutesAgo(now, status === 'open' ? own.int(0, 60) : own.int(60, first)),
      });
    }
  }
  return { changes, analyses };
}

interface Finding {
  analyzer: string;
  type: string;
  severity: string;
  source: string;
  summary: string;
  message: string;
  analysis: Json;
  types: string[];
  share: number;
}

const FINDINGS: Finding[] = [
  {
    analyzer: 'CVE-2024-45337',
    type: 'security',
    severity: 'critical',
    source: 'Trivy',
    summary:
      'golang.org/x/crypto: misuse of ServerConfig.PublicKeyCallback may cause authorization bypass',
    message: 'Installed version v0.21.0, fixed in v0.31.0',
    analysis: {
      PkgName: 'golang.org/x/crypto',
      InstalledVersion: 'v0.21.0',
      FixedVersion: '0.31.0',
    },
    types: ['Kubernetes::Deployment', 'Kubernetes::Pod'],
    share: 0.25,
  },
  {
    analyzer: 'no-resource-limits',
    type: 'reliability',
    severity: 'medium',
    source: 'Kubernetes',
    summary: 'A container has no CPU limit',
    message: 'Set resources.limits.cpu so one pod cannot starve its node',
    analysis: { container: 'sidecar', field: 'resources.limits.cpu' },
    types: ['Kubernetes::Deployment'],
    share: 0.3,
  },
  {
    analyzer: 'privileged-container',
    type: 'security',
    severity: 'high',
    source: 'Trivy',
    summary: 'Container runs as privileged',
    message: 'KSV017: securityContext.privileged is true',
    analysis: { AVDID: 'AVD-KSV-0017', Resolution: 'Set securityContext.privileged to false' },
    types: ['Kubernetes::Pod'],
    share: 0.08,
  },
  {
    analyzer: 'single-replica',
    type: 'availability',
    severity: 'low',
    source: 'Kubernetes',
    summary: 'Deployment runs a single replica',
    message: 'One node drain takes the service down',
    analysis: { replicas: 1 },
    types: ['Kubernetes::Deployment'],
    share: 0.2,
  },
  {
    analyzer: 'Low Utilization Amazon EC2 Instances',
    type: 'cost',
    severity: 'medium',
    source: 'AWS Trusted Advisor',
    summary: 'Average CPU utilization under 10% for 4 of the last 14 days',
    message: 'Consider stopping or downsizing the instance',
    analysis: { estimatedMonthlySavings: 61.32, averageCpu: '4.1%' },
    types: ['AWS::EC2::Instance'],
    share: 0.5,
  },
  {
    analyzer: 'Security Groups - Specific Ports Unrestricted',
    type: 'security',
    severity: 'high',
    source: 'AWS Trusted Advisor',
    summary: 'Ingress from 0.0.0.0/0 on a specific port',
    message: 'Restrict the rule to the addresses that need it',
    analysis: { port: 443, cidr: '0.0.0.0/0' },
    types: ['AWS::EC2::SecurityGroup'],
    share: 1,
  },
  {
    analyzer: 'Amazon RDS Backups',
    type: 'reliability',
    severity: 'high',
    source: 'AWS Trusted Advisor',
    summary: 'Automated backups are off',
    message: 'Set a backup retention period of at least 7 days',
    analysis: { BackupRetentionPeriod: 0 },
    types: ['AWS::RDS::DBInstance'],
    share: 0.5,
  },
  {
    analyzer: 'Amazon S3 Bucket Permissions',
    type: 'security',
    severity: 'critical',
    source: 'AWS Trusted Advisor',
    summary: 'Bucket allows public access',
    message: 'Turn on Block Public Access unless the bucket serves a public site',
    analysis: { BlockPublicAcls: false },
    types: ['AWS::S3::Bucket'],
    share: 0.5,
  },
  {
    analyzer: 'Right-size or shutdown underutilized virtual machines',
    type: 'cost',
    severity: 'low',
    source: 'Azure Advisor',
    summary: 'VM CPU under 5% over 7 days',
    message: 'Resize to Standard_B2s',
    analysis: { annualSavingsAmount: 412.8, savingsCurrency: 'USD' },
    types: ['Azure::Compute::VirtualMachine'],
    share: 0.6,
  },
  {
    analyzer: 'Storage account minimum TLS version',
    type: 'compliance',
    severity: 'medium',
    source: 'Azure Advisor',
    summary: 'Storage account accepts TLS 1.0',
    message: 'Set minimumTlsVersion to TLS1_2',
    analysis: { minimumTlsVersion: 'TLS1_0' },
    types: ['Azure::Storage::StorageAccount'],
    share: 0.5,
  },
];
