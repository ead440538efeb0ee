import { parseDocument } from '@opsdeck/contracts/form';
import { validateJsonSchema } from '@opsdeck/ui/code-editor';
import { describe, expect, it } from 'vitest';
import { gitOpsCharts, type GitOpsChart } from './charts.ts';

// The wizard's chart schemas (settings §2 "Add via GitOps"): the values it starts from, and the
// values users commonly set, pass; a wrong value is reported naming its key.

const chartOf = (label: string): GitOpsChart => {
  const chart = gitOpsCharts.find((candidate) => candidate.label === label);
  if (!chart) throw new Error(`no chart ${label}`);
  return chart;
};

async function problemsOf(label: string, yaml: string) {
  const parsed = parseDocument(yaml, 'yaml');
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return validateJsonSchema(parsed.value, chartOf(label).schema);
}

describe('the Add Integration charts', () => {
  it('offers the six GitOps tiles of settings §2', () => {
    expect(gitOpsCharts.map((chart) => chart.label)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
  });

  it.each(gitOpsCharts.map((chart) => [chart.label, chart] as const))(
    "%s: the values the wizard starts from match the chart's schema",
    async (_label, chart) => {
      const parsed = parseDocument(chart.values, 'yaml');
      expect(parsed.ok).toBe(true);
      expect(await validateJsonSchema(parsed.ok ? parsed.value : null, chart.schema)).toEqual([]);
    },
  );

  // Values a user commonly sets, per chart (its values.yaml's keys).
  it.each([
    [
      'AWS',
      `connection: connection://mission-control/aws
region: [eu-west-1, us-east-1]
assumeRole: arn:aws:iam::123456789012:role/scraper
endpoint: http://localstack:4566
skipTLSVerify: true
accessKey: { valueFrom: { secretKeyRef: { name: aws, key: AWS_ACCESS_KEY_ID } } }
secretKey: { valueFrom: { secretKeyRef: { name: aws, key: AWS_SECRET_ACCESS_KEY } } }
compliance: false
cloudtrail: { maxAge: 7d, exclude: [AssumeRole] }
costReporting: { enabled: true, database: athena, region: us-east-1, s3BucketPath: s3://cur, table: cur }
includeResources: [EC2]
excludeResources: [IAM]
labels: { team: platform }
scraper: { name: aws-prod, schedule: "@every 1h" }
transform: { changes: { exclude: ["change_type == 'diff'"] } }
`,
    ],
    [
      'Azure',
      `subscriptionID: 0000-1111
tenantID: '2222'
organisation: acme
connectionDetails:
  connection: connection://mission-control/azure
  clientID: { value: abc }
  clientSecret: { valueFrom: { secretKeyRef: { name: azure, key: secret } } }
exclusions: { activityLogs: [Microsoft.ContainerService/managedClusters/listClusterAdminCredential/action] }
`,
    ],
    [
      'Prometheus',
      'prometheusURL: https://prom.example.com\nprometheusNamespace: observability\ntopologyName: prom\n',
    ],
    ['Flux', 'topologyName: gitops\nlabels: { env: prod }\nnameOverride: flux\n'],
    [
      'Kubernetes',
      `clusterName: prod-eu
kubernetesConnection:
  eks: { cluster: prod, region: eu-west-1, connection: connection://mission-control/aws }
prometheus: { connection: prometheus, createConnection: false, url: { value: "http://prom:9090" } }
metrics: { enabled: false }
scraper:
  schedule: "@every 15m"
  watch: [{ apiVersion: argoproj.io/v1alpha1, kind: Application }]
  exclusions: { kind: [Secret], namespace: [kube-system], labels: { app: noisy } }
  retention: { staleItemAge: 4h }
topology: { enabled: false, schedule: "@every 5m", ingress: { enabled: false } }
`,
    ],
    [
      'Mission Control',
      `global: { ui: { host: mc.example.com, tlsSecretName: mc-tls }, imageRegistry: registry.local }
replicas: 2
authProvider: clerk
image: { tag: v0.0.1, pullPolicy: IfNotPresent }
db: { create: false, secretKeyRef: { name: mc-db, key: DB_URL } }
ingress: { enabled: true, host: mc.example.com, annotations: { a: b } }
resources: { requests: { cpu: 500m, memory: 1Gi } }
canary-checker: { enabled: false }
logLevel: -v
jsonLogs: true
`,
    ],
  ])('%s: the values users commonly set pass', async (label, yaml) => {
    expect(await problemsOf(label, yaml)).toEqual([]);
  });

  // A wrong value, and the key its message must name.
  it.each([
    ['AWS', 'region: eu-west-1\n', "'region'"],
    ['AWS', 'region: [Ireland]\n', "'region.0'"],
    ['AWS', 'skipTLSVerify: "yes"\n', "'skipTLSVerify'"],
    [
      'AWS',
      'accessKey: { valueFrom: { secretRef: { name: a } } }\n',
      "'accessKey.valueFrom.secretRef' is not an allowed",
    ],
    ['AWS', 'cloudtrail: { maxAge: seven days }\n', "'cloudtrail.maxAge'"],
    ['AWS', 'costReporting: { enabled: 1 }\n', "'costReporting.enabled'"],
    ['AWS', 'scraper: { schedule: "" }\n', "'scraper.schedule'"],
    ['Azure', 'tenantID: x\n', 'subscriptionID'],
    [
      'Azure',
      'subscriptionID: x\nexclusions: { activityLogs: nope }\n',
      "'exclusions.activityLogs'",
    ],
    ['Prometheus', 'prometheusURL: prometheus:9090\n', "'prometheusURL'"],
    ['Prometheus', 'prometheusNamespace: monitoring\n', 'prometheusURL'],
    ['Flux', 'labels: { team: [a] }\n', "'labels.team'"],
    ['Kubernetes', 'clusterName: 42\n', "'clusterName'"],
    ['Kubernetes', 'scraper: { schedule: "@every 1h" }\n', 'clusterName'],
    [
      'Kubernetes',
      'clusterName: a\nscraper: { watch: [{ apiVersion: v1 }] }\n',
      "'scraper.watch.0'",
    ],
    ['Kubernetes', 'clusterName: a\ntopology: { enabled: "no" }\n', "'topology.enabled'"],
    [
      'Kubernetes',
      'clusterName: a\nprometheus: { createConnection: 1 }\n',
      "'prometheus.createConnection'",
    ],
    ['Mission Control', 'replicas: 0\n', "'replicas'"],
    ['Mission Control', 'authProvider: okta\n', "'authProvider'"],
    ['Mission Control', 'image: { pullPolicy: sometimes }\n', "'image.pullPolicy'"],
    ['Mission Control', 'global: { ui: { host: 1 } }\n', "'global.ui.host'"],
  ])('%s: %j is refused naming %s', async (label, yaml, key) => {
    const problems = await problemsOf(label, yaml);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.map((problem) => problem.message).join('\n')).toContain(key);
  });
});
