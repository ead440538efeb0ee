import { createFakeBackend, json, type FakeBackend } from '@opsdeck/testing';

// A small, realistic catalog for the component tests: a Kubernetes deployment with its pods, an
// EC2 instance, a change with a real unified diff (noise included), an insight, relationships,
// a linked check and a scraper. Written here: the shared fixtures hold no catalog data.

export const ids = {
  deployment: '0193a2f0-0000-7000-8000-000000000001',
  pod: '0193a2f0-0000-7000-8000-000000000002',
  namespace: '0193a2f0-0000-7000-8000-000000000003',
  ec2: '0193a2f0-0000-7000-8000-000000000004',
  change: '0193a2f0-0000-7000-8000-0000000000c1',
  check: '0193a2f0-0000-7000-8000-0000000000a1',
  component: '0193a2f0-0000-7000-8000-0000000000b1',
  scraper: '0193a2f0-0000-7000-8000-0000000000d1',
} as const;

const deploymentSpec = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'payments-api', namespace: 'payments', resourceVersion: '1002' },
  spec: {
    replicas: 3,
    template: { spec: { containers: [{ name: 'api', image: 'payments:1.4.2' }] } },
  },
};

const deploymentRow = {
  id: ids.deployment,
  name: 'payments-api',
  type: 'Kubernetes::Deployment',
  config_class: 'Deployment',
  status: 'Running',
  health: 'healthy',
  labels: { app: 'payments', team: 'checkout' },
  tags: { cluster: 'prod-eu', namespace: 'payments' },
  created_at: '2026-10-01T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
  cost_total_30d: 41.2,
  changes: 3,
  // This server's configs view counts the open insights (Mission Control's maps them by type).
  analysis: 1,
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
};

const ec2Row = {
  id: ids.ec2,
  name: 'bastion-1',
  type: 'AWS::EC2::Instance',
  config_class: 'Instance',
  status: 'running',
  health: 'warning',
  labels: { Name: 'bastion-1' },
  tags: { account: 'prod', region: 'eu-west-1' },
  created_at: '2026-09-12T08:00:00Z',
  cost_total_30d: 18.4,
};

export const deploymentDiff = `--- before
+++ after
@@ -4,8 +4,8 @@
   name: payments-api
   namespace: payments
-  resourceVersion: '1001'
+  resourceVersion: '1002'
 spec:
-  replicas: 2
+  replicas: 3
   template:
     spec:
       containers:
`;

const change = {
  id: ids.change,
  config_id: ids.deployment,
  change_type: 'diff',
  severity: 'medium',
  source: 'kubernetes',
  summary: 'spec.replicas: 2 → 3',
  created_at: '2026-11-20T08:00:00Z',
  count: 1,
  name: 'payments-api',
  type: 'Kubernetes::Deployment',
};

function withoutListColumns(row: typeof deploymentRow) {
  const { changes: _changes, analysis: _analysis, agent: _agent, ...rest } = row;
  return rest;
}

const { count: _count, name: _name, type: _type, ...changeRow } = change;

/** The catalog's reads, answering as Mission Control does (reference §3). */
export function startCatalogBackend(): Promise<FakeBackend> {
  return createFakeBackend({
    'POST /api/catalog/summary': [
      {
        type: 'Kubernetes::Deployment',
        count: 12,
        health: { healthy: 11, unhealthy: 1 },
        changes: 40,
        analysis: { security: 2 },
        cost_30d: 300.5,
      },
      { type: 'AWS::EC2::Instance', count: 3, health: { warning: 1, healthy: 2 }, changes: 2 },
    ],
    'GET /api/db/configs': ({ query }) =>
      json(query.get('type') === 'eq.AWS::EC2::Instance' ? [ec2Row] : [deploymentRow, ec2Row], {
        headers: { 'Content-Range': query.get('type') ? '0-0/1' : '0-1/2' },
      }),
    'GET /api/db/config_types': [
      { type: 'AWS::EC2::Instance' },
      { type: 'Kubernetes::Deployment' },
    ],
    'GET /api/db/config_statuses': [{ status: 'Running' }, { status: 'running' }],
    'GET /api/db/config_labels': [{ key: 'app', value: 'payments' }],
    'GET /api/db/config_tags': [{ key: 'cluster', value: 'prod-eu' }],
    'GET /api/db/change_types': [{ change_type: 'diff' }, { change_type: 'Pulled' }],
    'GET /api/db/config_analysis_analyzers': [{ analyzer: 'trivy' }],
    'GET /api/db/config_detail': ({ query }) =>
      query.get('id') === `eq.${ids.deployment}`
        ? [
            {
              // config_detail has no list columns (changes, analysis, the agent embed): its
              // summary counts and agent_name say as much.
              ...withoutListColumns(deploymentRow),
              config: deploymentSpec,
              path: ids.namespace,
              agent_name: 'local',
              last_scraped_time: '2026-11-24T08:00:00Z',
              // Counted another way than the tabs open (all-time changes, direct relations,
              // runs rather than playbooks): the tabs must not show these.
              summary: { relationships: 1, analysis: 2, changes: 3, playbook_runs: 2, checks: 1 },
              scraper: { id: ids.scraper, name: 'kubernetes-prod' },
            },
          ]
        : [],
    'POST /api/catalog/changes': { summary: { diff: 1 }, total: 1, changes: [change] },
    'GET /api/db/config_changes': ({ query }) =>
      query.get('id')
        ? [
            {
              // A config_changes row: the catalog's own columns (count, name, type) are not in it.
              ...changeRow,
              diff: deploymentDiff,
              details: {},
              config: { id: ids.deployment, name: 'payments-api' },
            },
          ]
        : [{ id: ids.change, created_at: change.created_at, diff: deploymentDiff }],
    'GET /api/db/config_analysis_items': json(
      [
        {
          id: 'a1',
          config_id: ids.deployment,
          analysis_type: 'security',
          analyzer: 'trivy',
          summary: 'CVE-2026-1234 in openssl',
          severity: 'high',
          status: 'open',
          first_observed: '2026-11-10T08:00:00Z',
          last_observed: '2026-11-24T08:00:00Z',
          config_name: 'payments-api',
          config: { id: ids.deployment, name: 'payments-api', type: 'Kubernetes::Deployment' },
        },
      ],
      { headers: { 'Content-Range': '0-0/1' } },
    ),
    'GET /api/db/rpc/related_configs_recursive': [
      {
        id: ids.deployment,
        name: 'payments-api',
        type: 'Kubernetes::Deployment',
        related_ids: [ids.namespace],
        health: 'healthy',
        path: ids.namespace,
      },
      {
        id: ids.namespace,
        name: 'payments',
        type: 'Kubernetes::Namespace',
        related_ids: [],
        health: 'healthy',
      },
      {
        id: ids.pod,
        name: 'payments-api-7d9f',
        type: 'Kubernetes::Pod',
        related_ids: [ids.deployment],
        health: 'unhealthy',
        path: `${ids.namespace}.${ids.deployment}`,
      },
    ],
    'GET /api/db/config_component_relationships': [
      {
        component_id: ids.component,
        component: { id: ids.component, name: 'Payments', type: 'Service' },
      },
    ],
    'GET /api/db/check_summary_for_config': [
      {
        id: ids.check,
        name: 'payments-api-health',
        status: 'unhealthy',
        type: 'http',
        config_id: ids.deployment,
      },
    ],
    'GET /api/db/config_scrapers_with_status': ({ query }) =>
      [
        {
          id: ids.scraper,
          name: 'kubernetes-prod',
          namespace: 'mission-control',
          source: 'UI',
          job_status: 'SUCCESS',
          job_success_count: 120,
          job_error_count: 0,
          job_time_start: '2026-11-24T08:00:00Z',
          created_at: '2026-09-01T08:00:00Z',
          agent: { id: 'local', name: 'local' },
        },
      ].filter((row) => !query.get('id') || query.get('id') === `eq.${row.id}`),
    'GET /api/db/job_histories': json(
      [
        {
          id: 'j1',
          name: 'ConfigScraper',
          status: 'SUCCESS',
          success_count: 120,
          error_count: 0,
          duration_millis: 5400,
          time_start: '2026-11-24T08:00:00Z',
        },
      ],
      { headers: { 'Content-Range': '0-0/1' } },
    ),
  });
}
