import { defineService } from '../defineService.ts';
import { seedSettings } from './seed.ts';

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

/**
 * The settings areas over tables: connections, logging backends, job history, the event queue and
 * agents (their table is core's migration, as every module's rows run on one).
 */
export const settingsService = defineService({
  name: 'settings',
  // Its views join canaries, topologies, config scrapers and playbook runs.
  dependsOn: ['canary', 'topology', 'catalog', 'playbooks'],
  migrations: true,
  tables: {
    // Editors read connections (spec §6), so their credentials are sealed and read masked.
    connections: { object: 'connections', secrets: CONNECTION_SECRETS },
    logging_backends: { object: 'logging_backends' },
    // "monitor" in Mission Control.
    agents: { object: 'agents' },
    job_history: { object: 'agents' },
    job_histories: { object: 'agents' },
    job_history_names: { object: 'agents' },
    // The catalog's scrapers with their newest run: guarded as the scrapers themselves.
    config_scrapers_with_status: { object: 'config_scrapers' },
    agents_summary: { object: 'agents' },
    // "system" in Mission Control.
    event_queue: { object: 'database' },
    event_queue_summary: { object: 'database' },
  },
  rpc: {
    uuid_to_ulid: { object: 'database', readOnly: true },
  },
  seed: seedSettings,
});
