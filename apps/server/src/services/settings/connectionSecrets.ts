// Its own module so the playbook actions that open a connection's credentials and the settings
// service that declares them do not import each other.

/** The credentials a connection holds (spec §3's secret fields of each type). */
export const CONNECTION_SECRETS = [
  'password',
  'certificate',
  ...[
    'token',
    'bearer',
    'webhook',
    'key',
    'apiKey',
    'api_key',
    'secretKey',
    'secret_key',
    'clientSecret',
    'client_secret',
    'personalAccessToken',
    'tokenA',
    'tokenB',
  ].map((key) => `properties.${key}`),
];
