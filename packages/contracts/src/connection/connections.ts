// Every connection type of settings spec §3 ("Connection types", "Notification-type connections")
// as data. The record is the server's shape: name, namespace, url, username, password,
// certificate, insecure_tls and a type-specific `properties` map; fields the spec names beyond
// those live under properties. Secrets (passwords, tokens, keys) are secret-or-reference values.
import type { FieldDescription, FormDescription } from '../form/description.ts';

/** Every connection form starts with these (settings spec §3). */
export const connectionCommonFields: readonly FieldDescription[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, format: 'dns1123' },
  {
    kind: 'text',
    name: 'namespace',
    label: 'Namespace',
    required: true,
    default: 'default',
    format: 'dns1123',
  },
];

function url(placeholder: string, extra: Partial<FieldDescription> = {}): FieldDescription {
  return {
    kind: 'text',
    name: 'url',
    label: 'URL',
    required: true,
    placeholder,
    ...extra,
  } as FieldDescription;
}

function secret(
  name: 'username' | 'password' | `properties.${string}`,
  label: string,
  options: { required?: boolean; sensitive?: boolean; help?: string } = {},
): FieldDescription {
  return {
    kind: 'secret-or-reference',
    name,
    label,
    sensitive: options.sensitive ?? name !== 'username',
    ...(options.required ? { required: true } : {}),
    ...(options.help ? { help: options.help } : {}),
  };
}

function property(
  name: string,
  label: string,
  extra: Partial<Omit<Extract<FieldDescription, { kind: 'text' }>, 'kind' | 'name'>> = {},
): FieldDescription {
  return { kind: 'text', name: `properties.${name}`, label, ...extra };
}

function port(defaultPort: number | undefined, required = true): FieldDescription {
  return {
    kind: 'number',
    name: 'properties.port',
    label: 'Port',
    required,
    default: defaultPort,
    min: 1,
    max: 65535,
  };
}

function choice(name: string, label: string, values: readonly string[], defaultValue: string) {
  return {
    kind: 'select',
    name,
    label,
    default: defaultValue,
    options: values.map((value) => ({ value, label: value })),
  } satisfies FieldDescription;
}

const insecureTls: FieldDescription = {
  kind: 'checkbox',
  name: 'insecure_tls',
  label: 'Insecure TLS',
  help: 'Skip verifying the server certificate',
};

function connection(
  type: string,
  label: string,
  fields: readonly FieldDescription[],
  extra: Partial<FormDescription> = {},
): FormDescription {
  return {
    type,
    label: `${label} connection`,
    fields: [...connectionCommonFields, ...fields],
    ...extra,
  };
}

// --- AI models -----------------------------------------------------------------------------

function aiConnection(type: string, label: string, placeholder: string, apiKeyRequired: boolean) {
  return connection(type, label, [
    property('model', 'Model', { required: true }),
    url(placeholder, {
      label: 'Base URL',
      required: !apiKeyRequired,
      help: apiKeyRequired ? "Leave empty for the provider's API" : undefined,
    }),
    secret('password', 'API key', { required: apiKeyRequired }),
  ]);
}

export const anthropicConnection = aiConnection(
  'anthropic',
  'Anthropic',
  'https://api.anthropic.com',
  true,
);
export const openaiConnection = aiConnection('openai', 'OpenAI', 'https://api.openai.com/v1', true);
export const ollamaConnection = aiConnection('ollama', 'Ollama', 'http://ollama:11434', false);

// --- URL, username, password -----------------------------------------------------------------

const urlCredentials = (placeholder: string): readonly FieldDescription[] => [
  url(placeholder),
  secret('username', 'Username'),
  secret('password', 'Password'),
  insecureTls,
];

export const postgresConnection = connection(
  'postgres',
  'Postgres',
  urlCredentials('postgres://db.example.internal:5432/app'),
);
export const mysqlConnection = connection(
  'mysql',
  'MySQL',
  urlCredentials('mysql://db.example.internal:3306/app'),
);
export const sqlServerConnection = connection(
  'sql_server',
  'SQL Server',
  urlCredentials('sqlserver://db.example.internal:1433?database=app'),
);
export const httpConnection = connection(
  'http',
  'HTTP',
  urlCredentials('https://api.example.internal'),
);
export const prometheusConnection = connection(
  'prometheus',
  'Prometheus',
  urlCredentials('http://prometheus.monitoring:9090'),
);
export const elasticsearchConnection = connection(
  'elasticsearch',
  'Elasticsearch',
  urlCredentials('https://elasticsearch.logging:9200'),
);
export const mongoConnection = connection(
  'mongo',
  'MongoDB',
  urlCredentials('mongodb://mongo.example.internal:27017'),
);
export const ldapConnection = connection(
  'ldap',
  'LDAP',
  urlCredentials('ldaps://ldap.example.internal:636'),
);

/** Redis: as the URL types, plus the database number (default 0, settings spec §9). */
export const redisConnection = connection('redis', 'Redis', [
  ...urlCredentials('redis://redis.example.internal:6379'),
  { kind: 'number', name: 'properties.db', label: 'Database', default: 0, min: 0 },
]);

// The spec names only the domain; an operator signs in to a domain with an account.
export const windowsConnection = connection('windows', 'Windows', [
  property('domain', 'Domain', { required: true }),
  secret('username', 'Username'),
  secret('password', 'Password'),
]);

// --- Cloud and storage -----------------------------------------------------------------------

const gcpFields: readonly FieldDescription[] = [
  url('https://storage.googleapis.com', { label: 'Endpoint', required: false }),
  {
    kind: 'code',
    name: 'certificate',
    label: 'Service account key',
    language: 'json',
    help: 'The JSON key; leave empty to use the workload identity',
  },
];

export const googleCloudConnection = connection('google_cloud', 'Google Cloud', gcpFields);
export const gcsConnection = connection('gcs', 'Google Cloud Storage', gcpFields);

/** SFTP: the port defaults to 22 (settings spec §9). */
export const sftpConnection = connection('sftp', 'SFTP', [
  property('host', 'Host', { required: true }),
  port(22),
  secret('username', 'Username', { required: true }),
  secret('password', 'Password', { required: true }),
]);

const awsFields: readonly FieldDescription[] = [
  property('region', 'Region', { placeholder: 'eu-west-1' }),
  property('profile', 'Profile'),
  secret('username', 'Access key', {
    help: 'Leave empty to use the pod or instance role',
    sensitive: false,
  }),
  secret('password', 'Secret key'),
  insecureTls,
];

export const awsConnection = connection('aws', 'AWS', awsFields);
export const s3Connection = connection('s3', 'AWS S3', [
  property('bucket', 'Bucket', { required: true }),
  ...awsFields,
]);

/** Kubernetes: a kubeconfig, optional (the agent's own cluster without one). */
export const kubernetesConnection = connection('kubernetes', 'Kubernetes', [
  {
    kind: 'code',
    name: 'certificate',
    label: 'Kubeconfig',
    language: 'yaml',
    help: 'Leave empty for the cluster the agent runs in',
  },
]);

export const azureDevopsConnection = connection('azure_devops', 'Azure DevOps', [
  property('organization', 'Organization', { required: true }),
  secret('password', 'Personal access token', { required: true }),
]);

export const azureConnection = connection('azure', 'Azure', [
  secret('username', 'Client ID', { required: true }),
  secret('password', 'Client secret', { required: true }),
  property('tenant', 'Tenant ID', { required: true }),
]);

export const githubConnection = connection('github', 'GitHub', [
  secret('password', 'Personal access token', { required: true }),
]);
export const gitlabConnection = connection('gitlab', 'GitLab', [
  secret('password', 'Personal access token', { required: true }),
]);

/** Restic: the S3 credentials come from an AWS connection or are given here. */
export const resticConnection = connection('restic', 'Restic', [
  url('s3:s3.amazonaws.com/bucket/restic', { label: 'Repository URL' }),
  secret('password', 'Password', { required: true, help: "The repository's password" }),
  property('awsConnectionName', 'AWS connection', {
    help: 'An AWS connection holding the access and secret keys',
  }),
  {
    ...secret('properties.accessKey', 'Access key', { sensitive: false }),
    when: { name: 'properties.awsConnectionName', isSet: false },
  } as FieldDescription,
  {
    ...secret('properties.secretKey', 'Secret key'),
    when: { name: 'properties.awsConnectionName', isSet: false },
  } as FieldDescription,
]);

/** SMB: the port defaults to 445 (settings spec §9). */
export const smbConnection = connection('smb', 'SMB', [
  property('server', 'Server', { required: true }),
  port(445),
  property('sharename', 'Share', { required: true }),
  secret('username', 'Username', { required: true }),
  secret('password', 'Password', { required: true }),
  property('workstation', 'Workstation'),
  property('searchPath', 'Search path'),
]);

/** JMeter: hidden from the type picker (settings spec §3). */
export const jmeterConnection = connection(
  'jmeter',
  'JMeter',
  [property('host', 'Host', { required: true }), port(undefined)],
  { hidden: true },
);

export const dynatraceConnection = connection('dynatrace', 'Dynatrace', [
  property('host', 'Host', { required: true, placeholder: 'abc12345.live.dynatrace.com' }),
  secret('password', 'API key', { required: true }),
  choice('properties.scheme', 'Scheme', ['https', 'http'], 'https'),
]);

/** Git: the authentication choice decides which credentials show (settings spec §3). */
export const gitConnection = connection('git', 'Git', [
  { kind: 'text', name: 'url', label: 'URL', required: true },
  {
    kind: 'select',
    name: 'properties.authentication',
    label: 'Authentication',
    required: true,
    default: 'basic',
    options: [
      { value: 'basic', label: 'Basic (username and password)' },
      { value: 'ssh', label: 'SSH key' },
    ],
  },
  {
    kind: 'secret-or-reference',
    name: 'username',
    label: 'Username',
    required: true,
    when: { name: 'properties.authentication', equals: 'basic' },
  },
  {
    kind: 'secret-or-reference',
    name: 'password',
    label: 'Password',
    required: true,
    sensitive: true,
    when: { name: 'properties.authentication', equals: 'basic' },
  },
  {
    kind: 'code',
    name: 'certificate',
    label: 'SSH private key',
    required: true,
    when: { name: 'properties.authentication', equals: 'ssh' },
  },
  { kind: 'text', name: 'properties.ref', label: 'Ref', default: 'main' },
]);

// --- Notification-type connections -------------------------------------------------------------
// Each builds its `url` on submit (settings spec §3) as a notification service URL; $(username)
// and $(password) are filled by the server from the record's secrets, so none is written into it.

export const discordConnection = connection(
  'discord',
  'Discord',
  [
    secret('username', 'Webhook ID', { required: true, sensitive: false }),
    secret('password', 'Token', { required: true }),
  ],
  { url: 'discord://$(password)@$(username)' },
);

/** Email: the port is required and defaults to 587 (settings spec §3, §5). */
export const emailConnection = connection(
  'email',
  'Email',
  [
    { kind: 'text', name: 'properties.host', label: 'Host', required: true },
    port(587),
    secret('username', 'Username'),
    secret('password', 'Password'),
    { kind: 'text', name: 'properties.from', label: 'From' },
    { kind: 'text', name: 'properties.fromName', label: 'From name' },
    choice(
      'properties.encryptionMethod',
      'Encryption method',
      ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'],
      'Auto',
    ),
    choice(
      'properties.authMethod',
      'Auth method',
      ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'],
      'Unknown',
    ),
    { kind: 'switch', name: 'insecure_tls', label: 'Insecure TLS' },
  ],
  {
    url:
      'smtp://[$(username):$(password)@]{properties.host}:{properties.port}/' +
      '?fromaddress={properties.from}&fromname={properties.fromName}' +
      '&encryption={properties.encryptionMethod}&auth={properties.authMethod}',
  },
);

export const googleChatConnection = connection(
  'google_chat',
  'Google Chat',
  [
    property('webhook', 'Webhook name', {
      required: true,
      help: 'The space of the webhook, from its URL (spaces/<name>/messages)',
    }),
    secret('username', 'Key', { required: true }),
    secret('password', 'Token', { required: true }),
  ],
  {
    url: 'googlechat://chat.googleapis.com/v1/spaces/{properties.webhook}/messages?key=$(username)&token=$(password)',
  },
);

// The service needs the events to trigger as well as the webhook's key.
export const iftttConnection = connection(
  'ifttt',
  'IFTTT',
  [
    secret('password', 'Webhook ID', { required: true }),
    {
      kind: 'list',
      name: 'properties.events',
      label: 'Events',
      minItems: 1,
      default: [''],
      item: { kind: 'text', label: 'Event', required: true },
    },
  ],
  { url: 'ifttt://$(password)/?events={properties.events}' },
);

export const mattermostConnection = connection(
  'mattermost',
  'Mattermost',
  [
    { kind: 'text', name: 'username', label: 'Username', help: 'The name messages are posted as' },
    property('host', 'Host', { required: true }),
    secret('password', 'Token', { required: true }),
    property('channel', 'Channel'),
  ],
  { url: 'mattermost://[{username}@]{properties.host}/$(password)[/{properties.channel}]' },
);

export const matrixConnection = connection(
  'matrix',
  'Matrix',
  [
    secret('username', 'User', { required: true }),
    secret('password', 'Password or token', { required: true }),
    property('host', 'Host', { required: true }),
    insecureTls,
  ],
  { url: 'matrix://$(username):$(password)@{properties.host}' },
);

export const ntfyConnection = connection(
  'ntfy',
  'ntfy',
  [
    secret('username', 'Username'),
    secret('password', 'Password'),
    property('host', 'Host', { required: true, default: 'ntfy.sh' }),
    property('topic', 'Topic', { required: true }),
    insecureTls,
  ],
  { url: 'ntfy://[$(username):$(password)@]{properties.host}/{properties.topic}' },
);

/** Opsgenie: the port defaults to 443 (settings spec §9). */
export const opsgenieConnection = connection(
  'opsgenie',
  'Opsgenie',
  [
    property('host', 'Host', { required: true, default: 'api.opsgenie.com' }),
    port(443),
    secret('password', 'API key', { required: true }),
  ],
  { url: 'opsgenie://{properties.host}[:{properties.port}]/$(password)' },
);

export const pushbulletConnection = connection(
  'pushbullet',
  'Pushbullet',
  [
    secret('password', 'Token', { required: true }),
    {
      kind: 'list',
      name: 'properties.targets',
      label: 'Targets',
      help: 'Devices, #channels or email addresses; none sends to all your devices',
      item: { kind: 'text', label: 'Target', required: true },
    },
  ],
  { url: 'pushbullet://$(password)[/{properties.targets|/}]' },
);

export const pushoverConnection = connection(
  'pushover',
  'Pushover',
  [
    secret('username', 'User key', { required: true }),
    secret('password', 'Token', { required: true }),
  ],
  { url: 'pushover://shoutrrr:$(password)@$(username)/' },
);

export const rocketchatConnection = connection(
  'rocketchat',
  'Rocket.Chat',
  [
    property('user', 'User', { help: 'The name messages are posted as' }),
    property('host', 'Host', { required: true }),
    port(undefined, false),
    secret('username', 'Token A', { required: true }),
    secret('password', 'Token B', { required: true }),
    property('channel', 'Channel'),
  ],
  {
    url: 'rocketchat://[{properties.user}@]{properties.host}[:{properties.port}]/$(username)/$(password)[/{properties.channel}]',
  },
);

export const slackConnection = connection(
  'slack',
  'Slack',
  [
    property('channel', 'Channel', { required: true, placeholder: '#alerts' }),
    secret('password', 'Bot token', { required: true }),
    { kind: 'text', name: 'username', label: 'Bot name' },
  ],
  { url: 'slack://$(password)@{properties.channel}?botname={username}' },
);

export const teamsConnection = connection(
  'teams',
  'Microsoft Teams',
  [
    property('group', 'Group', { required: true }),
    property('tenant', 'Tenant', { required: true }),
    property('altID', 'Alt ID', { required: true }),
    property('groupOwner', 'Group owner', { required: true }),
    property('host', 'Host', { required: true, default: 'outlook.office.com' }),
  ],
  {
    url: 'teams://{properties.group}@{properties.tenant}/{properties.altID}/{properties.groupOwner}?host={properties.host}',
  },
);

export const telegramConnection = connection(
  'telegram',
  'Telegram',
  [
    secret('password', 'Token', { required: true }),
    {
      kind: 'list',
      name: 'properties.chats',
      label: 'Chats',
      minItems: 1,
      default: [''],
      item: { kind: 'text', label: 'Chat', required: true, placeholder: '@channel or chat id' },
    },
  ],
  { url: 'telegram://$(password)@telegram?chats={properties.chats}' },
);

export const zulipChatConnection = connection(
  'zulip_chat',
  'Zulip',
  [
    secret('username', 'Bot mail', { required: true, sensitive: false }),
    secret('password', 'Bot key', { required: true }),
    property('host', 'Host', { required: true }),
  ],
  { url: 'zulip://$(username):$(password)@{properties.host}' },
);

export const genericWebhookConnection = connection(
  'generic_webhook',
  'Generic webhook',
  [
    property('url', 'URL', { required: true, placeholder: 'https://hooks.example.internal/alert' }),
    property('contentType', 'Content type', { default: 'application/json' }),
    choice('properties.requestMethod', 'Request method', ['POST', 'GET'], 'POST'),
    property('messageKey', 'Message key', { default: 'message' }),
    property('titleKey', 'Title key', { default: 'title' }),
    insecureTls,
  ],
  {
    url:
      'generic+{+properties.url}?contenttype={properties.contentType}' +
      '&requestmethod={properties.requestMethod}&messagekey={properties.messageKey}' +
      '&titlekey={properties.titleKey}',
  },
);

/** Folder: notifications written as files; the path is the url itself. */
export const folderConnection = connection('folder', 'Folder', [
  { kind: 'text', name: 'url', label: 'Path', required: true, placeholder: '/var/notifications' },
]);

/** The notification-type connections, in the spec's order. */
export const notificationConnectionTypes: readonly FormDescription[] = [
  discordConnection,
  emailConnection,
  googleChatConnection,
  iftttConnection,
  mattermostConnection,
  matrixConnection,
  ntfyConnection,
  opsgenieConnection,
  pushbulletConnection,
  pushoverConnection,
  rocketchatConnection,
  slackConnection,
  teamsConnection,
  telegramConnection,
  zulipChatConnection,
  genericWebhookConnection,
  folderConnection,
];

/** Every connection type, in the spec's order (hidden ones too: check `hidden` in a picker). */
export const connectionTypes: readonly FormDescription[] = [
  anthropicConnection,
  openaiConnection,
  ollamaConnection,
  postgresConnection,
  mysqlConnection,
  sqlServerConnection,
  httpConnection,
  prometheusConnection,
  elasticsearchConnection,
  mongoConnection,
  ldapConnection,
  redisConnection,
  windowsConnection,
  googleCloudConnection,
  gcsConnection,
  sftpConnection,
  awsConnection,
  s3Connection,
  kubernetesConnection,
  azureDevopsConnection,
  azureConnection,
  githubConnection,
  gitlabConnection,
  resticConnection,
  smbConnection,
  jmeterConnection,
  dynatraceConnection,
  gitConnection,
  ...notificationConnectionTypes,
];
