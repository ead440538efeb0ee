// Every scraper type the catalog-scraper editor offers (settings spec §2; fields from §3 "Scraper
// spec fields per type"). A description is one scraper, one item of the ScrapeConfig spec's list
// for its type (`spec.kubernetes: [...]`); `type` is that list's key. Keys a form does not name
// (typed in the Code tab) are kept and not checked.
import type { FieldDescription, FormDescription } from '../form/description.ts';

const text = (name: string, label: string, extra: Record<string, unknown> = {}) =>
  ({ kind: 'text', name, label, ...extra }) as FieldDescription;

const required = (name: string, label: string, extra: Record<string, unknown> = {}) =>
  text(name, label, { required: true, ...extra });

const textList = (name: string, label: string, itemLabel: string): FieldDescription => ({
  kind: 'list',
  name,
  label,
  item: { kind: 'text', label: itemLabel, required: true },
});

const secret = (name: string, label: string, sensitive = true): FieldDescription => ({
  kind: 'secret-or-reference',
  name,
  label,
  sensitive,
});

const connection = (extra: Record<string, unknown> = {}) =>
  text('connection', 'Connection', { placeholder: 'connection://azure/prod', ...extra });

const tags: FieldDescription = { kind: 'key-value', name: 'tags', label: 'Tags' };

function scraper(
  type: string,
  label: string,
  fields: readonly FieldDescription[],
): FormDescription {
  return { type, label, fields: [text('name', 'Name'), ...fields] };
}

// The fields that say what a scraped item is (File, HTTP, SQL).
const itemFields: readonly FieldDescription[] = [
  text('type', 'Type', { help: 'The type of config item, e.g. File::JSON' }),
  text('id', 'ID', { help: 'A JSONPath or expression for the item id' }),
  text('format', 'Format'),
  text('items', 'Items', { help: 'A JSONPath splitting the result into items' }),
  text('timestampFormat', 'Timestamp format'),
  textList('createFields', 'Create fields', 'Field'),
  textList('deleteFields', 'Delete fields', 'Field'),
];

export const kubernetesScraper = scraper('kubernetes', 'Kubernetes', [
  required('clusterName', 'Cluster name'),
  secret('kubeconfig', 'Kubeconfig'),
  { kind: 'switch', name: 'watch', label: 'Watch' },
  text('namespace', 'Namespace'),
  text('scope', 'Scope'),
  text('since', 'Since', { placeholder: '1h' }),
  text('selector', 'Label selector'),
  text('fieldSelector', 'Field selector'),
  { kind: 'number', name: 'maxInFlight', label: 'Max in flight', min: 0 },
]);

export const awsScraper = scraper('aws', 'AWS', [
  connection({ placeholder: 'connection://aws/prod' }),
  secret('accessKey', 'Access key', false),
  secret('secretKey', 'Secret key'),
  textList('region', 'Regions', 'Region'),
  text('endpoint', 'Endpoint'),
  { kind: 'switch', name: 'skipTLSVerify', label: 'Skip TLS verification' },
  text('assumeRole', 'Assume role'),
  {
    kind: 'group',
    name: 'cloudtrail',
    label: 'CloudTrail',
    fields: [textList('exclude', 'Exclude', 'Event'), text('maxAge', 'Max age')],
  },
  textList('include', 'Include', 'Resource'),
  textList('exclude', 'Exclude', 'Resource'),
  {
    kind: 'group',
    name: 'costReporting',
    label: 'Cost reporting',
    fields: [
      text('s3BucketPath', 'S3 bucket path'),
      text('table', 'Table'),
      text('database', 'Database'),
      text('region', 'Region'),
    ],
  },
]);

export const azureScraper = scraper('azure', 'Azure', [
  connection({ required: true }),
  text('subscriptionID', 'Subscription ID'),
  tags,
]);

export const azureDevopsScraper = scraper('azureDevops', 'Azure DevOps', [
  connection(),
  text('organization', 'Organization'),
  secret('personalAccessToken', 'Personal access token'),
  textList('projects', 'Projects', 'Project'),
  textList('pipelines', 'Pipelines', 'Pipeline'),
  tags,
]);

export const fileScraper = scraper('file', 'File', [
  connection(),
  text('url', 'URL'),
  textList('paths', 'Paths', 'Path'),
  textList('ignore', 'Ignore', 'Path'),
  text('icon', 'Icon'),
  ...itemFields,
  tags,
]);

export const httpScraper = scraper('http', 'HTTP', [
  connection(),
  required('url', 'URL', { when: { name: 'connection', isSet: false } }),
  ...itemFields,
  tags,
]);

export const githubActionsScraper = scraper('githubActions', 'Github Actions', [
  connection(),
  required('owner', 'Owner'),
  required('repository', 'Repository'),
  secret('personalAccessToken', 'Personal access token'),
  textList('workflows', 'Workflows', 'Workflow'),
  tags,
]);

export const kubernetesFileScraper = scraper('kubernetesFile', 'Kubernetes File', [
  required('id', 'ID'),
  text('type', 'Type'),
  {
    kind: 'group',
    name: 'selector',
    label: 'Pods',
    fields: [
      text('kind', 'Kind'),
      text('name', 'Name'),
      text('namespace', 'Namespace'),
      text('labelSelector', 'Label selector'),
      text('fieldSelector', 'Field selector'),
    ],
  },
  text('container', 'Container'),
  text('format', 'Format'),
  {
    kind: 'list',
    name: 'files',
    label: 'Files',
    item: {
      kind: 'group',
      label: 'File',
      fields: [text('format', 'Format'), textList('path', 'Paths', 'Path')],
    },
  },
  tags,
]);

export const sqlScraper = scraper('sql', 'SQL', [
  connection(),
  text('driver', 'Driver'),
  { kind: 'code', name: 'query', label: 'Query', required: true },
  {
    kind: 'group',
    name: 'auth',
    label: 'Authentication',
    fields: [secret('username', 'Username', false), secret('password', 'Password')],
  },
  ...itemFields,
]);

export const trivyScraper = scraper('trivy', 'Trivy', [
  text('version', 'Version'),
  textList('compliance', 'Compliance', 'Specification'),
  { kind: 'switch', name: 'ignoreUnfixed', label: 'Ignore unfixed' },
  textList('ignoredLicenses', 'Ignored licenses', 'License'),
  { kind: 'switch', name: 'licenseFull', label: 'Full license scan' },
  textList('scanners', 'Scanners', 'Scanner'),
  textList('severity', 'Severity', 'Severity'),
  textList('vulnType', 'Vulnerability types', 'Type'),
  text('timeout', 'Timeout', { placeholder: '20m' }),
  text('timestampFormat', 'Timestamp format'),
  {
    kind: 'group',
    name: 'kubernetes',
    label: 'Kubernetes',
    fields: [
      textList('components', 'Components', 'Component'),
      text('context', 'Context'),
      text('kubeconfig', 'Kubeconfig'),
      text('namespace', 'Namespace'),
    ],
  },
  tags,
]);

/** Custom: any other scraper, as its raw spec (settings spec §2). */
export const customScraper: FormDescription = {
  type: 'custom',
  label: 'Custom',
  fields: [
    {
      kind: 'code',
      name: 'spec',
      label: 'Spec',
      language: 'yaml',
      required: true,
      height: '360px',
    },
  ],
};

/** Every scraper type, in the order the spec lists them (an editor sorts them by label). */
export const scraperTypes: readonly FormDescription[] = [
  kubernetesScraper,
  azureScraper,
  kubernetesFileScraper,
  sqlScraper,
  trivyScraper,
  awsScraper,
  fileScraper,
  githubActionsScraper,
  httpScraper,
  azureDevopsScraper,
  customScraper,
];
