import { jobHistoryCleanupJob } from '../../jobs/history.ts';
import { defineService } from '../defineService.ts';
import { seedSettings } from './seed.ts';

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
    connections: { object: 'connections' },
    logging_backends: { object: 'logging_backends' },
    // "monitor" in Mission Control.
    agents: { object: 'agents' },
    job_history: { object: 'agents', serverWritten: true },
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
  // job_history is written by the job framework (src/jobs/), which keeps each job's newest runs;
  // this drops what is older than a month.
  scheduledJobs: () => [jobHistoryCleanupJob()],
});
