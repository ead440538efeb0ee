// Every health check type the health-check editor offers (settings spec §2, "Health-check editor";
// fields from §3 "Health check fields per type", the rest from the canary wire shape the fixtures
// under shared/fixtures/canaries use). A description is one check, one item of the canary spec's
// list for its type (`spec.http: [...]`); `type` is that list's key. GCS, AWS S3, SMB and SFTP are
// folder checks (`spec.folder`) with that kind of connection, as the spec's separate types for them.
import type { FieldDescription, FormDescription } from '../form/description.ts';

/** Every check starts with these (settings spec §3: name is required). */
export const checkCommonFields: readonly FieldDescription[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true },
  { kind: 'text', name: 'description', label: 'Description' },
  { kind: 'text', name: 'icon', label: 'Icon' },
];

const SCRIPT_KINDS = [
  { value: 'none', label: 'None' },
  { value: 'template', label: 'Go template' },
  { value: 'javascript', label: 'Javascript' },
  { value: 'expr', label: 'Expr' },
  { value: 'jsonPath', label: 'JSONPath' },
] as const;

/**
 * A script field (test, display, transform): a choice of language, then the script in it.
 * Switching the language clears the previous script (settings spec §4): only the chosen one shows,
 * so only it is submitted; an edited check opens on the language its script is in.
 */
export function scriptGroup(name: 'test' | 'display' | 'transform', label: string) {
  const scripts = SCRIPT_KINDS.filter((kind) => kind.value !== 'none');
  return {
    kind: 'group',
    name,
    label,
    fields: [
      {
        kind: 'select',
        name: 'type',
        label: `${label} language`,
        default: 'none',
        transient: true,
        options: SCRIPT_KINDS,
        infer: scripts.map((kind) => ({
          value: kind.value,
          when: { name: `${name}.${kind.value}`, isSet: true },
        })),
      },
      ...scripts.map((kind): FieldDescription => ({
        kind: 'code',
        name: kind.value,
        label: `${label} (${kind.label})`,
        when: { name: `${name}.type`, equals: kind.value },
      })),
    ],
  } satisfies FieldDescription;
}

const minZero = (name: string, label: string): FieldDescription => ({
  kind: 'number',
  name,
  label,
  min: 0,
});

const thresholdMillis = minZero('thresholdMillis', 'Threshold (ms)');

function text(name: string, label: string, extra: Record<string, unknown> = {}): FieldDescription {
  return { kind: 'text', name, label, ...extra } as FieldDescription;
}

function required(name: string, label: string, extra: Record<string, unknown> = {}) {
  return text(name, label, { required: true, ...extra });
}

function textList(name: string, label: string, itemLabel: string, help?: string): FieldDescription {
  return {
    kind: 'list',
    name,
    label,
    help,
    item: { kind: 'text', label: itemLabel, required: true },
  };
}

const secret = (name: string, label: string, sensitive = true): FieldDescription => ({
  kind: 'secret-or-reference',
  name,
  label,
  sensitive,
});

const connectionName = (help = 'A connection to take the URL and credentials from') =>
  text('connection', 'Connection', { placeholder: 'connection://postgres/payments', help });

const basicAuth: readonly FieldDescription[] = [
  secret('username', 'Username', false),
  secret('password', 'Password'),
];

function check(
  type: string,
  label: string,
  fields: readonly FieldDescription[],
  help?: string,
): FormDescription {
  return {
    type,
    label: `${label} check`,
    ...(help ? { help } : {}),
    fields: [...checkCommonFields, ...fields],
  };
}

const awsCredentials: readonly FieldDescription[] = [
  connectionName('An AWS connection; or give the keys below'),
  secret('accessKey', 'Access key', false),
  secret('secretKey', 'Secret key'),
  text('region', 'Region', { placeholder: 'eu-west-1' }),
  text('endpoint', 'Endpoint'),
  { kind: 'switch', name: 'skipTLSVerify', label: 'Skip TLS verification' },
];

/**
 * HTTP (settings spec §3): the body is hidden for GET and DELETE (§4); the HTTP check in the canary
 * wire shape (fixtures/canaries/minimal/http_*.yaml); numeric minimums are 0 (§5).
 */
export const httpCheck: FormDescription = check('http', 'HTTP', [
  connectionName('An HTTP connection to take the URL and credentials from; or give the URL'),
  {
    kind: 'text',
    name: 'url',
    label: 'URL',
    required: true,
    placeholder: 'https://httpbin.example/status/200',
    // Not needed with a connection or the older `endpoint` (fixtures/canaries/minimal/
    // http_fail_connection.yaml, http_tls_check_pass.yaml); a URL already given stays shown.
    when: [
      {
        anyOf: [
          { name: 'connection', isSet: false },
          { name: 'url', isSet: true },
        ],
      },
      {
        anyOf: [
          { name: 'endpoint', isSet: false },
          { name: 'url', isSet: true },
        ],
      },
    ],
  },
  {
    kind: 'select',
    name: 'method',
    label: 'Method',
    default: 'GET',
    options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((value) => ({
      value,
      label: value,
    })),
  },
  {
    kind: 'code',
    name: 'body',
    label: 'Body',
    // Real checks send a body with GET (fixtures/canaries/elasticsearch/stateful_metrics.yaml):
    // one they already have stays shown, so opening and saving them does not drop it.
    when: {
      anyOf: [
        { name: 'method', oneOf: ['POST', 'PUT', 'PATCH'] },
        { name: 'body', isSet: true },
      ],
    },
  },
  {
    // The wire shape is a list of {name, value} (or valueFrom, kept as it came).
    kind: 'list',
    name: 'headers',
    label: 'Headers',
    item: {
      kind: 'group',
      label: 'Header',
      fields: [
        { kind: 'text', name: 'name', label: 'Name', required: true },
        { kind: 'text', name: 'value', label: 'Value' },
      ],
    },
  },
  {
    kind: 'group',
    label: 'Authentication',
    fields: [
      {
        kind: 'switch',
        name: 'authenticate',
        label: 'Authenticate',
        // Steers the credentials' fields; the canary has no such field (a saved check gained one).
        transient: true,
        // An edited check with credentials opens with them shown (and so keeps them on save).
        infer: [
          { value: true, when: { name: 'username.value', isSet: true } },
          { value: true, when: { name: 'username.valueFrom', isSet: true } },
        ],
      },
      {
        kind: 'secret-or-reference',
        name: 'username',
        label: 'Username',
        required: true,
        when: { name: 'authenticate', equals: true },
      },
      {
        kind: 'secret-or-reference',
        name: 'password',
        label: 'Password',
        required: true,
        sensitive: true,
        when: { name: 'authenticate', equals: true },
      },
      {
        kind: 'checkbox',
        name: 'ntlm',
        label: 'NTLM',
        when: { name: 'authenticate', equals: true },
      },
      {
        kind: 'checkbox',
        name: 'ntlmv2',
        label: 'NTLMv2',
        when: { name: 'authenticate', equals: true },
      },
    ],
  },
  {
    kind: 'list',
    name: 'responseCodes',
    label: 'Response codes',
    help: 'Any of these passes; none means any 2xx. Common: 200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503',
    item: { kind: 'number', label: 'Response code', required: true, min: 100, max: 599 },
  },
  thresholdMillis,
  {
    kind: 'text',
    name: 'responseContent',
    label: 'Response content',
    help: 'Text the response body must contain',
  },
  minZero('maxSSLExpiry', 'Max SSL expiry (days)'),
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
  scriptGroup('transform', 'Transform'),
]);

export const awsConfigRuleCheck = check('awsConfigRule', 'AWS Config Rule', [
  ...awsCredentials,
  textList('rules', 'Rules', 'Rule', 'None checks every rule'),
  textList('ignoreRules', 'Ignored rules', 'Rule'),
  textList('complianceTypes', 'Compliance types', 'Compliance type'),
  scriptGroup('test', 'Test'),
]);

export const awsConfigCheck = check('awsConfig', 'AWS Config', [
  ...awsCredentials,
  { kind: 'code', name: 'query', label: 'Query', required: true, help: 'An AWS Config SQL query' },
  text('aggregatorName', 'Aggregator name'),
  scriptGroup('test', 'Test'),
]);

export const githubCheck = check('github', 'GitHub', [
  required('query', 'Query', { help: 'An askgit query', multiline: true }),
  secret('githubToken', 'GitHub token'),
  scriptGroup('test', 'Test'),
]);

export const ec2Check = check('ec2', 'EC2', [
  ...awsCredentials,
  required('ami', 'AMI'),
  { kind: 'code', name: 'userData', label: 'User data' },
  text('securityGroup', 'Security group'),
  { kind: 'switch', name: 'keepAlive', label: 'Keep the instance alive' },
  { kind: 'number', name: 'waitTime', label: 'Wait time (s)', min: 0 },
  { kind: 'number', name: 'timeOut', label: 'Timeout (s)', min: 0 },
]);

export const ldapCheck = check('ldap', 'LDAP', [
  connectionName(),
  required('url', 'URL', { placeholder: 'ldap://ldap.example.internal:389' }),
  ...basicAuth,
  required('bindDN', 'Bind DN', { placeholder: 'ou=users,dc=example,dc=com' }),
  required('userSearch', 'User search', { placeholder: '(&(objectClass=organizationalPerson))' }),
  { kind: 'switch', name: 'skipTLSVerify', label: 'Skip TLS verification' },
]);

export const podCheck = check('pod', 'Pod', [
  text('namespace', 'Namespace'),
  { kind: 'code', name: 'spec', label: 'Pod spec', language: 'yaml', required: true },
  minZero('scheduleTimeout', 'Schedule timeout (ms)'),
  minZero('readyTimeout', 'Ready timeout (ms)'),
  minZero('httpTimeout', 'HTTP timeout (ms)'),
  minZero('deleteTimeout', 'Delete timeout (ms)'),
  minZero('ingressTimeout', 'Ingress timeout (ms)'),
  minZero('httpRetryInterval', 'HTTP retry interval (ms)'),
  minZero('deadline', 'Deadline (ms)'),
  { kind: 'number', name: 'port', label: 'Port', min: 1, max: 65535 },
  text('path', 'Path'),
  text('ingressName', 'Ingress name'),
  text('ingressHost', 'Ingress host'),
  text('expectedContent', 'Expected content'),
  {
    kind: 'list',
    name: 'expectedHttpStatuses',
    label: 'Expected HTTP statuses',
    item: { kind: 'number', label: 'Status', required: true, min: 100, max: 599 },
  },
  text('priorityClass', 'Priority class'),
]);

/** Exec: the script is required (settings spec §3). */
export const execCheck = check('exec', 'Exec', [
  { kind: 'code', name: 'script', label: 'Script', required: true },
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
  scriptGroup('transform', 'Transform'),
]);

/** Alert Manager: host, alerts, filters, ignore, basic auth (settings spec §3). */
export const alertManagerCheck = check('alertmanager', 'Alert Manager', [
  connectionName(),
  required('url', 'Host', { placeholder: 'http://alertmanager.monitoring:9093' }),
  textList('alerts', 'Alerts', 'Alert', 'Regular expressions of alert names; none matches all'),
  { kind: 'key-value', name: 'filters', label: 'Filters', keyLabel: 'Label', valueLabel: 'Value' },
  textList('ignore', 'Ignore', 'Alert', 'Regular expressions of alert names to leave out'),
  ...basicAuth,
  scriptGroup('transform', 'Transform'),
]);

export const cloudWatchCheck = check('cloudwatch', 'Cloud Watch', [
  ...awsCredentials,
  {
    kind: 'group',
    name: 'filter',
    label: 'Filter',
    fields: [
      text('actionPrefix', 'Action prefix'),
      text('alarmPrefix', 'Alarm prefix'),
      textList('alarms', 'Alarms', 'Alarm'),
      {
        kind: 'select',
        name: 'state',
        label: 'State',
        options: ['OK', 'ALARM', 'INSUFFICIENT_DATA'].map((value) => ({ value, label: value })),
      },
    ],
  },
  scriptGroup('test', 'Test'),
]);

/** Elasticsearch: url, index, query (required), results, test, basic auth (settings spec §3). */
export const elasticsearchCheck = check('elasticsearch', 'Elasticsearch', [
  connectionName(),
  required('url', 'URL', { placeholder: 'http://elasticsearch.logging:9200' }),
  required('index', 'Index'),
  { kind: 'code', name: 'query', label: 'Query', language: 'json', required: true },
  minZero('results', 'Results'),
  ...basicAuth,
  scriptGroup('test', 'Test'),
]);

/** Redis: the address (or a url or connection) is required, the db defaults to 0 (settings spec §3, §9). */
export const redisCheck = check('redis', 'Redis', [
  connectionName(),
  // The address, or a url as newer canaries give it (fixtures/canaries/datasources/redis-tls.yaml).
  text('url', 'URL', { placeholder: 'redis.example.internal:6379' }),
  required('addr', 'Address', {
    placeholder: 'redis.example.internal:6379',
    when: [
      {
        anyOf: [
          { name: 'url', isSet: false },
          { name: 'addr', isSet: true },
        ],
      },
      {
        anyOf: [
          { name: 'connection', isSet: false },
          { name: 'addr', isSet: true },
        ],
      },
    ],
  }),
  { kind: 'number', name: 'db', label: 'Database', default: 0, min: 0 },
  ...basicAuth,
]);

/** Mongo DB: a connection or a URL, and auth (settings spec §3). */
export const mongoCheck = check('mongodb', 'Mongo DB', [
  connectionName(),
  required('url', 'URL', {
    placeholder: 'mongodb://$(username):$(password)@mongo:27017/?authSource=admin',
    when: { name: 'connection', isSet: false },
  }),
  ...basicAuth,
]);

export const dnsCheck = check('dns', 'DNS', [
  required('server', 'Server', { placeholder: '8.8.8.8' }),
  { kind: 'number', name: 'port', label: 'Port', default: 53, min: 1, max: 65535 },
  required('query', 'Query'),
  {
    kind: 'select',
    name: 'querytype',
    label: 'Query type',
    default: 'A',
    options: ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'].map((value) => ({
      value,
      label: value,
    })),
  },
  minZero('minrecords', 'Minimum records'),
  textList('exactreply', 'Exact reply', 'Record'),
  minZero('timeout', 'Timeout (s)'),
  thresholdMillis,
]);

/** ICMP Ping: the endpoint is required; the counts and threshold are at least 0 (settings spec §3, §5). */
export const icmpCheck = check('icmp', 'ICMP Ping', [
  required('endpoint', 'Endpoint', { placeholder: 'db.example.internal' }),
  minZero('packetCount', 'Packet count'),
  minZero('packetLossThreshold', 'Packet loss threshold (%)'),
  thresholdMillis,
]);

// Folder checks: the size, age and count bounds, and a filter on the files counted.
const folderBounds: readonly FieldDescription[] = [
  text('minAge', 'Min age', { placeholder: '1h' }),
  text('maxAge', 'Max age', { placeholder: '1d' }),
  { kind: 'number', name: 'minCount', label: 'Min count' },
  { kind: 'number', name: 'maxCount', label: 'Max count' },
  text('minSize', 'Min size', { placeholder: '10mb' }),
  text('maxSize', 'Max size'),
  text('availableSize', 'Available size'),
  text('totalSize', 'Total size'),
  {
    kind: 'group',
    name: 'filter',
    label: 'Filter',
    fields: [
      text('minAge', 'Min age'),
      text('maxAge', 'Max age'),
      text('minSize', 'Min size'),
      text('maxSize', 'Max size'),
      text('regex', 'Regex', { placeholder: 'pg-backups-.*\\.zip' }),
    ],
  },
  { kind: 'switch', name: 'recursive', label: 'Recursive' },
];

const folderConnections = {
  aws: {
    name: 'awsConnection',
    label: 'AWS connection',
    fields: [
      ...awsCredentials,
      { kind: 'switch', name: 'usePathStyle', label: 'Path-style addressing' },
    ],
  },
  gcp: {
    name: 'gcpConnection',
    label: 'GCP connection',
    fields: [
      connectionName('A GCP connection; or give the credentials below'),
      text('endpoint', 'Endpoint'),
      secret('credentials', 'Credentials'),
    ],
  },
  sftp: {
    name: 'sftpConnection',
    label: 'SFTP connection',
    fields: [
      connectionName('An SFTP connection; or give the host and credentials below'),
      text('host', 'Host'),
      { kind: 'number', name: 'port', label: 'Port', default: 22, min: 1, max: 65535 },
      ...basicAuth,
    ],
  },
  smb: {
    name: 'smbConnection',
    label: 'SMB connection',
    fields: [
      connectionName('An SMB connection; or give the credentials below'),
      { kind: 'number', name: 'port', label: 'Port', default: 445, min: 1, max: 65535 },
      text('domain', 'Domain'),
      ...basicAuth,
    ],
  },
} satisfies Record<string, { name: string; label: string; fields: readonly FieldDescription[] }>;

type FolderConnectionKind = keyof typeof folderConnections;

function folderConnectionGroup(kind: FolderConnectionKind, when?: FieldDescription['when']) {
  const { name, label, fields } = folderConnections[kind];
  return { kind: 'group', name, label, fields, ...(when ? { when } : {}) } as FieldDescription;
}

/**
 * Folder (settings spec §3): the path is required; the connection is None, AWS, GCP, SFTP or SMB,
 * and choosing one clears the others (§4): only the chosen one shows, so only it is submitted.
 */
export const folderCheck = check('folder', 'Folder', [
  required('path', 'Path', { placeholder: '/data/backups or s3://bucket/prefix' }),
  ...folderBounds,
  {
    kind: 'select',
    name: 'connectionType',
    label: 'Connection type',
    default: 'none',
    transient: true,
    options: [
      { value: 'none', label: 'None' },
      { value: 'aws', label: 'AWS' },
      { value: 'gcp', label: 'GCP' },
      { value: 'sftp', label: 'SFTP' },
      { value: 'smb', label: 'SMB' },
    ],
    infer: (Object.keys(folderConnections) as FolderConnectionKind[]).map((kind) => ({
      value: kind,
      when: { name: folderConnections[kind].name, isSet: true },
    })),
  },
  ...(Object.keys(folderConnections) as FolderConnectionKind[]).map((kind) =>
    folderConnectionGroup(kind, { name: 'connectionType', equals: kind }),
  ),
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
]);

function folderOver(type: string, label: string, kind: FolderConnectionKind, placeholder: string) {
  return check(
    type,
    label,
    [
      required('path', 'Path', { placeholder }),
      folderConnectionGroup(kind),
      ...folderBounds,
      scriptGroup('test', 'Test'),
    ],
    `A folder check (spec.folder) over ${folderConnections[kind].label}`,
  );
}

export const gcsCheck = folderOver('gcs', 'GCS', 'gcp', 'gcs://bucket/prefix');
export const s3Check = folderOver('s3', 'AWS S3', 'aws', 's3://bucket/prefix');
export const smbCheck = folderOver('smb', 'SMB', 'smb', 'smb://server/share/path');
export const sftpCheck = folderOver('sftp', 'SFTP', 'sftp', '/home/user/uploads');

export const prometheusCheck = check('prometheus', 'Prometheus', [
  connectionName(),
  required('url', 'URL', {
    placeholder: 'http://prometheus.monitoring:9090',
    when: { name: 'connection', isSet: false },
  }),
  required('query', 'Query', { multiline: true }),
  ...basicAuth,
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
]);

const selectorFields: readonly FieldDescription[] = [
  text('name', 'Name'),
  text('labelSelector', 'Label selector'),
  text('fieldSelector', 'Field selector'),
];

export const kubernetesCheck = check('kubernetes', 'Kubernetes', [
  required('kind', 'Kind', { placeholder: 'Pod' }),
  { kind: 'group', name: 'namespaceSelector', label: 'Namespaces', fields: selectorFields },
  { kind: 'group', name: 'resource', label: 'Resources', fields: selectorFields },
  { kind: 'switch', name: 'ready', label: 'Must be ready' },
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
]);

/** SQL Query: one form for the three SQL checks; `driver` says which list of the canary holds it. */
export const sqlCheck = check('sql', 'SQL Query', [
  {
    kind: 'select',
    name: 'driver',
    label: 'Database',
    required: true,
    default: 'postgres',
    help: 'The canary keeps the check under this key (postgres, mysql or mssql)',
    options: [
      { value: 'postgres', label: 'Postgres' },
      { value: 'mysql', label: 'MySQL' },
      { value: 'mssql', label: 'SQL Server' },
    ],
  },
  connectionName(),
  required('url', 'URL', {
    placeholder: 'postgres://$(username):$(password)@db:5432/app',
    when: { name: 'connection', isSet: false },
  }),
  ...basicAuth,
  { kind: 'code', name: 'query', label: 'Query', required: true },
  minZero('results', 'Results'),
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
]);

export const catalogCheck = check('catalog', 'Mission Control Catalog', [
  {
    kind: 'list',
    name: 'selector',
    label: 'Selectors',
    minItems: 1,
    item: {
      kind: 'group',
      label: 'Selector',
      fields: [
        text('name', 'Name'),
        text('namespace', 'Namespace'),
        textList('types', 'Types', 'Type'),
        text('labelSelector', 'Label selector'),
        text('fieldSelector', 'Field selector'),
      ],
    },
  },
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
]);

export const azureDevopsCheck = check('azuredevops', 'Azure DevOps', [
  required('organization', 'Organization'),
  { ...secret('personalAccessToken', 'Personal access token'), required: true } as FieldDescription,
  required('project', 'Project'),
  required('pipeline', 'Pipeline'),
  { kind: 'key-value', name: 'variables', label: 'Variables' },
  textList('branch', 'Branches', 'Branch'),
  thresholdMillis,
]);

export const jmeterCheck = check('jmeter', 'JMeter', [
  text('host', 'Host'),
  { kind: 'number', name: 'port', label: 'Port', min: 1, max: 65535 },
  {
    kind: 'secret-or-reference',
    name: 'jmx',
    label: 'Test plan (JMX)',
    required: true,
    help: 'Usually a config map key holding the .jmx file',
  },
  textList('properties', 'Properties', 'Property', 'key=value, passed as -J'),
  textList('systemProperties', 'System properties', 'Property', 'key=value, passed as -D'),
  text('responseDuration', 'Max response duration', { placeholder: '5s' }),
]);

export const junitCheck = check('junit', 'JUnit', [
  required('testResults', 'Test results path', { placeholder: '/tmp/junit-results/' }),
  { kind: 'code', name: 'spec', label: 'Pod spec', language: 'yaml', required: true },
  minZero('timeout', 'Timeout (minutes)'),
  scriptGroup('test', 'Test'),
  scriptGroup('display', 'Display'),
]);

export const dynatraceCheck = check('dynatrace', 'Dynatrace', [
  connectionName(),
  {
    kind: 'select',
    name: 'scheme',
    label: 'Scheme',
    default: 'https',
    options: ['https', 'http'].map((value) => ({ value, label: value })),
  },
  required('host', 'Host', {
    placeholder: 'abc12345.live.dynatrace.com',
    when: { name: 'connection', isSet: false },
  }),
  {
    kind: 'secret-or-reference',
    name: 'apiKey',
    label: 'API key',
    sensitive: true,
    required: true,
    when: { name: 'connection', isSet: false },
  },
  scriptGroup('display', 'Display'),
]);

export const namespaceCheck = check('namespace', 'Kubernetes Namespace', [
  text('namespaceNamePrefix', 'Namespace name prefix'),
  { kind: 'key-value', name: 'namespaceLabels', label: 'Namespace labels' },
  { kind: 'key-value', name: 'namespaceAnnotations', label: 'Namespace annotations' },
  { kind: 'code', name: 'podSpec', label: 'Pod spec', language: 'yaml', required: true },
  minZero('scheduleTimeout', 'Schedule timeout (ms)'),
  minZero('readyTimeout', 'Ready timeout (ms)'),
  minZero('httpTimeout', 'HTTP timeout (ms)'),
  minZero('deleteTimeout', 'Delete timeout (ms)'),
  minZero('ingressTimeout', 'Ingress timeout (ms)'),
  minZero('deadline', 'Deadline (ms)'),
  { kind: 'number', name: 'port', label: 'Port', min: 1, max: 65535 },
  text('path', 'Path'),
  text('ingressName', 'Ingress name'),
  text('ingressHost', 'Ingress host'),
  text('expectedContent', 'Expected content'),
  {
    kind: 'list',
    name: 'expectedHttpStatuses',
    label: 'Expected HTTP statuses',
    item: { kind: 'number', label: 'Status', required: true, min: 100, max: 599 },
  },
]);

/** TCP: the endpoint is required (settings spec §3). */
export const tcpCheck = check('tcp', 'TCP', [
  required('endpoint', 'Endpoint', { placeholder: 'db.example.internal:5432' }),
  thresholdMillis,
]);

/** Custom: any other check, as its raw spec (settings spec §2: the raw spec editor). */
export const customCheck = check('custom', 'Custom', [
  { kind: 'code', name: 'spec', label: 'Spec', language: 'yaml', required: true, height: '360px' },
]);

/** Every health check type, in the order the spec lists them (an editor sorts them by label). */
export const checkTypes: readonly FormDescription[] = [
  httpCheck,
  awsConfigRuleCheck,
  awsConfigCheck,
  githubCheck,
  ec2Check,
  ldapCheck,
  podCheck,
  execCheck,
  alertManagerCheck,
  cloudWatchCheck,
  elasticsearchCheck,
  redisCheck,
  mongoCheck,
  dnsCheck,
  icmpCheck,
  gcsCheck,
  s3Check,
  smbCheck,
  sftpCheck,
  folderCheck,
  prometheusCheck,
  kubernetesCheck,
  sqlCheck,
  catalogCheck,
  azureDevopsCheck,
  jmeterCheck,
  junitCheck,
  dynatraceCheck,
  namespaceCheck,
  tcpCheck,
  customCheck,
];
