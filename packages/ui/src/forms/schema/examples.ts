// Connection and check types from the settings spec (§3 connection catalogue, §"Health check
// fields per type") described as data: the fixtures of the stories and tests, and the model a
// feature copies for the rest of the catalogue.
import type { FieldDescription, FormDescription } from './description';

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

const urlCredentials: readonly FieldDescription[] = [
  {
    kind: 'text',
    name: 'url',
    label: 'URL',
    required: true,
    placeholder: 'postgres://db.example.internal:5432/app',
  },
  { kind: 'secret-or-reference', name: 'username', label: 'Username' },
  { kind: 'secret-or-reference', name: 'password', label: 'Password', sensitive: true },
  {
    kind: 'checkbox',
    name: 'insecure_tls',
    label: 'Insecure TLS',
    help: 'Skip verifying the server certificate',
  },
];

export const postgresConnection: FormDescription = {
  type: 'postgres',
  label: 'Postgres connection',
  fields: [...connectionCommonFields, ...urlCredentials],
};

export const httpConnection: FormDescription = {
  type: 'http',
  label: 'HTTP connection',
  fields: [
    ...connectionCommonFields,
    { ...urlCredentials[0], placeholder: 'https://api.example.internal' } as FieldDescription,
    ...urlCredentials.slice(1),
  ],
};

export const slackConnection: FormDescription = {
  type: 'slack',
  label: 'Slack connection',
  fields: [
    ...connectionCommonFields,
    {
      kind: 'text',
      name: 'properties.channel',
      label: 'Channel',
      required: true,
      placeholder: '#alerts',
    },
    {
      kind: 'secret-or-reference',
      name: 'password',
      label: 'Bot token',
      required: true,
      sensitive: true,
    },
    { kind: 'text', name: 'username', label: 'Bot name' },
  ],
};

/** Git: the authentication choice decides which credentials show (settings spec §3). */
export const gitConnection: FormDescription = {
  type: 'git',
  label: 'Git connection',
  fields: [
    ...connectionCommonFields,
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
  ],
};

/** Email: the port is required and defaults to 587 (settings spec §3, §5). */
export const emailConnection: FormDescription = {
  type: 'email',
  label: 'Email connection',
  fields: [
    ...connectionCommonFields,
    { kind: 'text', name: 'properties.host', label: 'Host', required: true },
    {
      kind: 'number',
      name: 'properties.port',
      label: 'Port',
      required: true,
      default: 587,
      min: 1,
      max: 65535,
    },
    { kind: 'secret-or-reference', name: 'username', label: 'Username' },
    { kind: 'secret-or-reference', name: 'password', label: 'Password', sensitive: true },
    { kind: 'text', name: 'properties.from', label: 'From' },
    { kind: 'text', name: 'properties.fromName', label: 'From name' },
    {
      kind: 'select',
      name: 'properties.encryptionMethod',
      label: 'Encryption method',
      default: 'Auto',
      options: ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'].map((value) => ({
        value,
        label: value,
      })),
    },
    {
      kind: 'select',
      name: 'properties.authMethod',
      label: 'Auth method',
      default: 'Unknown',
      options: ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'].map((value) => ({
        value,
        label: value,
      })),
    },
    { kind: 'switch', name: 'insecure_tls', label: 'Insecure TLS' },
  ],
};

export const connectionExamples: readonly FormDescription[] = [
  postgresConnection,
  httpConnection,
  slackConnection,
  gitConnection,
  emailConnection,
];

/**
 * The HTTP health check in the canary wire shape (fixtures/canaries/minimal/http_*.yaml); numeric
 * minimums are 0 (settings spec §5). responseCodes (a list of numbers) has no field kind yet.
 */
export const httpCheck: FormDescription = {
  type: 'http',
  label: 'HTTP check',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'text',
      name: 'url',
      label: 'URL',
      required: true,
      placeholder: 'https://httpbin.example/status/200',
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
      when: { name: 'method', oneOf: ['POST', 'PUT', 'PATCH'] },
    },
    {
      kind: 'key-value',
      name: 'headers',
      label: 'Headers',
      keyLabel: 'Header',
      valueLabel: 'Value',
    },
    {
      kind: 'group',
      label: 'Authentication',
      fields: [
        { kind: 'switch', name: 'authenticate', label: 'Authenticate' },
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
    { kind: 'number', name: 'thresholdMillis', label: 'Threshold (ms)', min: 0 },
    {
      kind: 'text',
      name: 'responseContent',
      label: 'Response content',
      help: 'Text the response body must contain',
    },
    { kind: 'number', name: 'maxSSLExpiry', label: 'Max SSL expiry (days)', min: 0 },
    {
      kind: 'group',
      name: 'test',
      label: 'Test',
      fields: [
        {
          kind: 'code',
          name: 'expr',
          label: 'Test expression',
          help: "CEL, e.g. code in [200, 201] && sslAge > Duration('7d')",
        },
      ],
    },
    {
      kind: 'group',
      name: 'display',
      label: 'Display',
      fields: [{ kind: 'code', name: 'template', label: 'Display template' }],
    },
  ],
};
