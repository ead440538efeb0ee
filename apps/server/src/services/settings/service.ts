import type { SqlRunner } from '../../db/database.ts';
import { defineJob } from '../../jobs/definition.ts';
import { jobHistoryCleanupJob } from '../../jobs/history.ts';
import type { CatalogColumn } from '../../postgrest/catalog.ts';
import { sealSecretPayload, secretColumnsOf } from '../../postgrest/secretColumns.ts';
import { allGuards, sourceGuard } from '../../resources/sourceGuard.ts';
import { defineService } from '../defineService.ts';
import { checkConnectionWrite, checkLoggingBackendWrite } from '../specContracts.ts';
import { loggingBackendResourceKind } from '../resourceKinds.ts';
import { processSecretBox, type SecretBox } from '../playbooks/secrets.ts';
import { STRICT_OUTBOUND, type OutboundPolicy } from '../../http/outbound.ts';
import { CONNECTION_SECRETS } from './connectionSecrets.ts';
import { connectionResourceKind } from './connectionResource.ts';
import { connectionTestRoutes } from './connectionTest.ts';
import { seedSettings } from './seed.ts';

export { CONNECTION_SECRETS };

/**
 * The settings areas over tables: connections, logging backends, job history, the event queue and
 * agents (their table is core's migration, as every module's rows run on one).
 */
export const settingsService = defineService({
  name: 'settings',
  // Its views join canaries, topologies, config scrapers and playbook runs.
  dependsOn: ['canary', 'topology', 'catalog', 'playbooks'],
  migrations: true,
  // GitOps: LoggingBackend documents of --resources DIR and `apply -f` (issue 35).
  resources: { LoggingBackend: loggingBackendResourceKind, Connection: connectionResourceKind },
  // POST /api/connection/test/{id} (reference §6): reaches a connection's address under the
  // server's outbound policy, with its credentials opened under the server's key.
  routes: [
    {
      base: '/api/connection',
      app: ({ db, config }) =>
        connectionTestRoutes(db, {
          secrets: (config.playbookSecrets as SecretBox | undefined) ?? processSecretBox(),
          outbound: (config.outbound as OutboundPolicy | undefined) ?? STRICT_OUTBOUND,
          timeoutMillis: (config.connectionTestTimeoutMillis as number | undefined) ?? 10_000,
        }),
    },
  ],
  tables: {
    // Editors read connections (spec §6), so their credentials are sealed and read masked.
    // Each row must pass its type's Connection form, and a log backend's spec the LoggingBackend
    // contract, for every writer (issue 32 §1).
    connections: {
      object: 'connections',
      secrets: CONNECTION_SECRETS,
      // A connection loaded from a resource file changes only with its file (issue 36 GitOps).
      guardWrite: allGuards(sourceGuard('connection'), checkConnectionWrite),
    },
    logging_backends: { object: 'logging_backends', guardWrite: checkLoggingBackendWrite },
    // "monitor" in Mission Control.
    agents: { object: 'agents' },
    job_history: { object: 'agents', serverWritten: true },
    job_histories: { object: 'agents' },
    job_history_names: { object: 'agents' },
    // The catalog's scrapers with their newest run: guarded as the scrapers themselves.
    config_scrapers_with_status: { object: 'config_scrapers' },
    agents_summary: { object: 'agents' },
    // /settings/integrations: scrapers, topologies and log backends with their newest job run.
    integrations: { object: 'integrations' },
    integrations_with_status: { object: 'integrations' },
    // "system" in Mission Control.
    // Written by the server's event handlers only (issue 37): read-only through /api/db.
    event_queue: { object: 'database', serverWritten: true },
    event_queue_summary: { object: 'database' },
  },
  rpc: {
    uuid_to_ulid: { object: 'database', readOnly: true },
  },
  seed: seedSettings,
  // job_history is written by the job framework (src/jobs/), which keeps each job's newest runs;
  // the cleanup drops what is older than a month. Connections written in clear (by an older
  // server, the demo seed or SQL) are sealed once at each start.
  scheduledJobs: ({ config }) => [
    jobHistoryCleanupJob(),
    defineJob({
      name: 'SealConnectionSecrets',
      run: async (context) => {
        const box = (config.playbookSecrets as SecretBox | undefined) ?? processSecretBox();
        context.success(
          await sealStoredSecrets(context.db, box, 'connections', CONNECTION_SECRETS),
        );
      },
    }),
  ],
});

/**
 * Seals the declared secrets of `table` that are still in clear (not `v1:`, not a reference), row
 * by row under the same contexts /api/db seals with; idempotent, safe to run at every start.
 */
export async function sealStoredSecrets(
  db: SqlRunner,
  box: SecretBox,
  table: 'connections',
  declared: readonly string[],
): Promise<number> {
  const { rows } = await db.query<Record<string, unknown> & { id: string }>(
    `SELECT * FROM ${table}`,
  );
  let sealed = 0;
  for (const row of rows) {
    const next = sealSecretPayload(table, columnsOf(declared), row, (context, value) =>
      value.startsWith('v1:') ? value : box.seal(value, context),
    ) as Record<string, unknown>;
    const changed = declared
      .map((entry) => entry.split('.')[0]!)
      .filter((column, i, all) => all.indexOf(column) === i)
      .filter((column) => JSON.stringify(next[column]) !== JSON.stringify(row[column]));
    if (changed.length === 0) continue;
    await db.query(
      `UPDATE ${table} SET ${changed.map((column, i) => `"${column}" = $${i + 2}`).join(', ')} WHERE id = $1`,
      [
        row.id,
        ...changed.map((column) =>
          column === 'properties' ? JSON.stringify(next[column]) : next[column],
        ),
      ],
    );
    sealed += 1;
  }
  return sealed;
}

// The catalog-shaped column map sealSecretPayload reads, from the declaration alone.
function columnsOf(declared: readonly string[]): Map<string, CatalogColumn> {
  return new Map(
    [...secretColumnsOf(declared)].map(([name, secret]) => [
      name,
      { name, type: '', udt: '', isArray: false, nullable: true, hasDefault: false, secret },
    ]),
  );
}
