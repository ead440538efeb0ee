// The charts the Add Integration wizard's 'Add via GitOps' tiles install (settings §2), each with
// a small JSON schema of its values, shipped here: nothing is fetched at run time. The schemas hold
// the values a user sets first; they allow further keys, as the charts do.
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

const stringMap: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };
const schedule: JsonSchema = { type: 'string', minLength: 1 };

function scraperSchema(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required,
    properties: { labels: stringMap, schedule, ...properties },
  };
}

/** A connection named by its address, `connection://{namespace}/{name}`. */
const connection: JsonSchema = { type: 'string', pattern: '^connection://' };

export const gitOpsCharts: readonly GitOpsChart[] = [
  {
    label: 'AWS',
    chart: 'mission-control-aws',
    values: 'regions:\n  - eu-west-1\nschedule: "@every 30m"\n',
    schema: scraperSchema(
      {
        regions: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', pattern: '^[a-z]{2}(-[a-z]+)+-\\d$' },
        },
        assumeRole: { type: 'string' },
        connection,
      },
      ['regions'],
    ),
  },
  {
    label: 'Azure',
    chart: 'mission-control-azure',
    values: 'subscriptionID: ""\ntenantID: ""\nschedule: "@every 30m"\n',
    schema: scraperSchema(
      {
        subscriptionID: { type: 'string' },
        tenantID: { type: 'string' },
        connection,
      },
      ['subscriptionID'],
    ),
  },
  {
    label: 'Prometheus',
    chart: 'mission-control-prometheus',
    values: 'url: http://prometheus.monitoring:9090\n',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['url'],
      properties: {
        url: { type: 'string', pattern: '^https?://' },
        connection: { type: 'string' },
        labels: stringMap,
      },
    },
  },
  {
    label: 'Flux',
    chart: 'mission-control-flux',
    values: 'scraper:\n  schedule: "@every 30m"\n',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        scraper: { type: 'object', properties: { schedule, labels: stringMap } },
        playbooks: { type: 'object', properties: { enabled: { type: 'boolean' } } },
      },
    },
  },
  {
    label: 'Kubernetes',
    chart: 'mission-control-kubernetes',
    values: 'clusterName: kubernetes\nscraper:\n  schedule: "@every 30m"\n',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['clusterName'],
      properties: {
        clusterName: { type: 'string', minLength: 1 },
        scraper: {
          type: 'object',
          properties: {
            schedule,
            watch: { type: 'array', items: { type: 'object' } },
            exclusions: { type: 'object' },
          },
        },
        topology: { type: 'object', properties: { enabled: { type: 'boolean' } } },
      },
    },
  },
  {
    label: 'Mission Control',
    chart: 'mission-control',
    values: 'global:\n  ui:\n    host: mission-control.local\nreplicas: 1\n',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        global: {
          type: 'object',
          properties: { ui: { type: 'object', properties: { host: { type: 'string' } } } },
        },
        replicas: { type: 'integer', minimum: 1 },
        authProvider: { type: 'string', enum: ['kratos', 'clerk', 'basic'] },
      },
    },
  },
];
