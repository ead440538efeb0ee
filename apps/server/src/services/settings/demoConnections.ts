import type { SqlRunner } from '../../db/database.ts';
import type { SecretBox } from '../playbooks/secrets.ts';
import { CONNECTION_SECRETS } from './connectionSecrets.ts';
import { sealStoredSecrets } from './service.ts';

export interface DemoConnectionsOptions {
  /** This server as it reaches itself (`http://127.0.0.1:8080`): the http connection's url. */
  selfOrigin: string;
  /** The server's own PostgreSQL (--database-url); unset on PGlite, where there is none to reach. */
  databaseUrl?: string | undefined;
  secrets: SecretBox;
}

/**
 * The demo's connections that point at live things (issue 36): this server over http, its own
 * database when it runs on PostgreSQL, a webhook and cloud accounts whose keys are references.
 * Written at each demo start once the port is known (the http url follows it); idempotent, and a
 * connection someone deleted or renamed is not brought back. Credentials are sealed before the
 * start ends.
 */
export async function seedDemoConnections(
  db: SqlRunner,
  options: DemoConnectionsOptions,
): Promise<void> {
  const { rows: admins } = await db.query<{ person_id: string }>(
    `SELECT person_id FROM opsdeck.person_roles WHERE role = 'admin' ORDER BY person_id LIMIT 1`,
  );
  const createdBy = admins[0]?.person_id ?? null;
  const rows: Record<string, unknown>[] = [
    {
      name: 'opsdeck-api',
      namespace: 'mission-control',
      type: 'http',
      url: `${options.selfOrigin}/health`,
    },
    {
      name: 'ops-alerts-webhook',
      namespace: 'default',
      type: 'generic_webhook',
      properties: {
        url: `${options.selfOrigin}/health`,
        contentType: 'application/json',
        requestMethod: 'GET',
        messageKey: 'message',
        titleKey: 'title',
      },
    },
    {
      name: 'aws-production',
      namespace: 'platform',
      type: 'aws',
      username: 'secret://aws-production/access-key-id',
      password: 'secret://aws-production/secret-access-key',
      properties: { region: 'eu-west-1' },
    },
    {
      name: 'azure-subscriptions',
      namespace: 'platform',
      type: 'azure',
      username: 'configmap://azure-identity/client-id',
      password: 'secret://azure-identity/client-secret',
      properties: { tenant: '7c1f4a52-9d0e-4b8e-a3a1-2f6b0d8e5c11' },
    },
    {
      name: 'gcp-analytics',
      namespace: 'platform',
      type: 'google_cloud',
      url: 'https://storage.googleapis.com',
    },
  ];
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const username = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
    rows.push({
      name: 'opsdeck-database',
      namespace: 'mission-control',
      type: 'postgres',
      url: url.toString(),
      username: username || null,
      password: password || null,
    });
  }
  for (const row of rows) {
    const columns = ['name', 'namespace', 'type', 'url', 'username', 'password', 'properties'];
    const values = columns.map((column) =>
      column === 'properties'
        ? JSON.stringify(row.properties ?? {})
        : ((row[column] as string | null | undefined) ?? null),
    );
    // Written once: a connection edited or deleted since keeps what was done to it.
    await db.query(
      `INSERT INTO connections (${columns.join(', ')}, source, created_by)
       SELECT $1, $2, $3, $4, $5, $6, $7::jsonb, 'UI', $8
        WHERE NOT EXISTS (SELECT 1 FROM connections WHERE name = $1 AND namespace = $2)`,
      [...values, createdBy],
    );
  }
  // Only the addresses of this server follow its port; nothing else is rewritten.
  const self = `${options.selfOrigin}/health`;
  await db.query(
    `UPDATE connections SET url = $1
      WHERE name = 'opsdeck-api' AND namespace = 'mission-control' AND deleted_at IS NULL
        AND source = 'UI' AND url IS DISTINCT FROM $1`,
    [self],
  );
  await db.query(
    `UPDATE connections SET properties = jsonb_set(properties, '{url}', to_jsonb($1::text))
      WHERE name = 'ops-alerts-webhook' AND namespace = 'default' AND deleted_at IS NULL
        AND source = 'UI' AND properties->>'url' IS DISTINCT FROM $1`,
    [self],
  );
  await sealStoredSecrets(db, options.secrets, 'connections', CONNECTION_SECRETS);
}
