// The charts the Add Integration wizard's 'Add via GitOps' tiles install (settings §2), each with
// a JSON schema of its values, shipped here: nothing is fetched at run time. Each schema names every
// key of the chart's values.yaml a user commonly sets (and every key the wizard writes), with its
// type, so a wrong value is reported naming its key; further keys are allowed, as Helm allows them.
import type { JsonSchema } from '@opsdeck/ui/code-editor';

export interface GitOpsChart {
  /** The tile's label and the title's `{choice}`. */
  label: string;
  /** The Helm chart in the flanksource repository. */
  chart: string;
  /** The values a new install starts from (YAML). */
  values: string;
  schema: JsonSchema;
}

export const CHART_REPOSITORY = 'https://flanksource.github.io/charts';

const DRAFT = 'http://json-schema.org/draft-07/schema#';
const text: JsonSchema = { type: 'string' };
const flag: JsonSchema = { type: 'boolean' };
const texts: JsonSchema = { type: 'array', items: { type: 'string' } };
const stringMap: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };
const anyObject: JsonSchema = { type: 'object' };
const objects: JsonSchema = { type: 'array', items: { type: 'object' } };
/** A scraper or topology schedule: a cron expression or `@every 30m`. */
const schedule: JsonSchema = { type: 'string', minLength: 1 };
const url: JsonSchema = { type: 'string', pattern: '^https?://' };
/** `{key, name}` of a secret, config map or helm release. */
const keyRef: JsonSchema = {
  type: 'object',
  properties: { key: text, name: text },
  additionalProperties: false,
};
/** duty's EnvVar: a value given inline or read from a secret, config map, helm value or account. */
const envVar: JsonSchema = {
  type: ['object', 'null'],
  properties: {
    name: text,
    value: text,
    valueFrom: {
      type: 'object',
      properties: {
        serviceAccount: text,
        helmRef: keyRef,
        configMapKeyRef: keyRef,
        secretKeyRef: keyRef,
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
/** What every chart takes: Helm's name overrides and labels put on what it creates. */
const common: Record<string, JsonSchema> = {
  nameOverride: text,
  fullnameOverride: text,
  labels: stringMap,
};
/** A scraper transform (duty's Transform): CEL/JS and change rules. */
const transform: JsonSchema = {
  type: 'object',
  properties: {
    expr: text,
    exclude: objects,
    mask: objects,
    relationship: objects,
    changes: {
      type: 'object',
      properties: { mapping: objects, exclude: texts },
    },
  },
};
const named = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { name: text, ...extra },
});

function chartSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { $schema: DRAFT, type: 'object', required, properties: { ...common, ...properties } };
}

const eks: JsonSchema = {
  type: 'object',
  properties: {
    connection: text,
    cluster: text,
    region: text,
    endpoint: text,
    assumeRole: text,
    skipTLSVerify: flag,
    accessKey: envVar,
    secretKey: envVar,
    sessionToken: envVar,
  },
};
const gke: JsonSchema = {
  type: 'object',
  properties: {
    connection: text,
    cluster: text,
    projectID: text,
    zone: text,
    endpoint: text,
    skipTLSVerify: flag,
    credentials: envVar,
  },
};

export const gitOpsCharts: readonly GitOpsChart[] = [
  {
    label: 'AWS',
    chart: 'mission-control-aws',
    values: 'region:\n  - eu-west-1\nscraper:\n  name: aws\n  schedule: "@every 30m"\n',
    schema: chartSchema({
      connection: text,
      accessKey: envVar,
      secretKey: envVar,
      region: {
        type: 'array',
        items: { type: 'string', pattern: '^[a-z]{2}(-[a-z]+)+-\\d$' },
      },
      endpoint: text,
      assumeRole: text,
      skipTLSVerify: flag,
      scraper: named({ schedule }),
      topology: named({ schedule }),
      cloudtrail: {
        type: 'object',
        properties: { maxAge: { type: 'string', pattern: '^\\d+[smhdw]$' }, exclude: texts },
      },
      compliance: flag,
      costReporting: {
        type: 'object',
        properties: {
          enabled: flag,
          database: text,
          region: text,
          s3BucketPath: text,
          table: text,
        },
      },
      includeResources: texts,
      excludeResources: texts,
      transform,
    }),
  },
  {
    label: 'Azure',
    chart: 'mission-control-azure',
    values: 'subscriptionID: ""\ntenantID: ""\nscraper:\n  name: azure\n  schedule: "@every 30m"\n',
    schema: chartSchema(
      {
        subscriptionID: text,
        tenantID: text,
        organisation: text,
        scraper: named({ schedule }),
        connectionDetails: {
          type: 'object',
          properties: { connection: text, clientID: envVar, clientSecret: envVar },
        },
        exclusions: { type: 'object', properties: { activityLogs: texts } },
      },
      ['subscriptionID'],
    ),
  },
  {
    label: 'Prometheus',
    chart: 'mission-control-prometheus',
    values:
      'prometheusURL: http://prometheus.monitoring.svc:9090\nprometheusNamespace: monitoring\n',
    schema: chartSchema(
      {
        prometheusURL: url,
        prometheusNamespace: { type: 'string', minLength: 1 },
        topologyName: text,
      },
      ['prometheusURL'],
    ),
  },
  {
    label: 'Flux',
    chart: 'mission-control-flux',
    values: 'topologyName: flux\n',
    schema: chartSchema({ topologyName: { type: 'string', minLength: 1 } }),
  },
  {
    label: 'Kubernetes',
    chart: 'mission-control-kubernetes',
    values: 'clusterName: kubernetes\nscraper:\n  schedule: "@every 30m"\n',
    schema: chartSchema(
      {
        clusterName: { type: 'string', minLength: 1 },
        kubeconfig: envVar,
        kubernetesConnection: {
          type: 'object',
          properties: {
            connection: text,
            kubeconfig: envVar,
            eks,
            gke,
            cnrm: {
              type: 'object',
              properties: { clusterResource: text, clusterResourceNamespace: text, gke },
            },
          },
        },
        metrics: {
          type: 'object',
          properties: { enabled: flag, type: text, queries: anyObject },
        },
        playbooks: anyObject,
        prometheus: {
          type: 'object',
          properties: {
            connection: text,
            createConnection: flag,
            labels: text,
            url: envVar,
            auth: anyObject,
          },
        },
        scraper: named({
          schedule,
          watch: {
            type: 'array',
            items: {
              type: 'object',
              required: ['kind'],
              properties: { apiVersion: text, kind: { type: 'string', minLength: 1 } },
            },
          },
          exclusions: {
            type: 'object',
            properties: { kind: texts, name: texts, namespace: texts, labels: stringMap },
          },
          relationships: objects,
          retention: {
            type: 'object',
            properties: { changes: objects, staleItemAge: text },
          },
          transform,
          event: anyObject,
        }),
        topology: named({
          enabled: flag,
          schedule,
          icon: text,
          groupBy: { type: 'object', properties: { tag: text, selector: anyObject } },
          ingress: {
            type: 'object',
            properties: { enabled: flag, enableChecks: flag, nameExpr: text },
          },
        }),
      },
      ['clusterName'],
    ),
  },
  {
    label: 'Mission Control',
    chart: 'mission-control',
    values: 'global:\n  ui:\n    host: mission-control.local\nreplicas: 1\n',
    schema: chartSchema({
      global: {
        type: 'object',
        properties: {
          ui: { type: 'object', properties: { host: text, tlsSecretName: text } },
          api: { type: 'object', properties: { host: text } },
          imageRegistry: text,
          imagePullSecrets: objects,
          labels: stringMap,
          serviceMonitor: { type: 'object', properties: { enabled: flag } },
        },
      },
      replicas: { type: 'integer', minimum: 1 },
      image: {
        type: 'object',
        properties: {
          repository: text,
          tag: text,
          pullPolicy: { type: 'string', enum: ['Always', 'IfNotPresent', 'Never'] },
        },
      },
      authProvider: { type: 'string', enum: ['kratos', 'clerk', 'basic'] },
      clerkJWKSURL: text,
      clerkOrgID: text,
      logLevel: text,
      jsonLogs: flag,
      db: {
        type: 'object',
        properties: {
          create: flag,
          storage: text,
          storageClass: text,
          secretKeyRef: keyRef,
          jwtSecretKeyRef: keyRef,
          conf: anyObject,
        },
      },
      ingress: {
        type: 'object',
        properties: {
          enabled: flag,
          host: text,
          annotations: stringMap,
          tls: objects,
        },
      },
      resources: {
        type: 'object',
        properties: { requests: stringMap, limits: stringMap },
      },
      extraArgs: anyObject,
      properties: anyObject,
      otel: { type: 'object', properties: { collector: text, serviceName: text } },
      'canary-checker': { type: 'object', properties: { enabled: flag } },
      'config-db': { type: 'object', properties: { enabled: flag } },
      'flanksource-ui': { type: 'object', properties: { enabled: flag } },
      kratos: { type: 'object', properties: { enabled: flag } },
    }),
  },
];
