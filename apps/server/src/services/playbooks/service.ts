import { STRICT_OUTBOUND, type OutboundPolicy } from '../../http/outbound.ts';
import { defineService } from '../defineService.ts';
import { artifactRoutes } from './artifacts.ts';
import { guardPlaybookWrite, playbookResourceKind } from './resource.ts';
import { playbookRoutes } from './routes.ts';
import { PlaybookRunner } from './runner.ts';
import { resourceSearchRoutes } from './search.ts';
import { processSecretBox, type SecretBox } from './secrets.ts';
import { seedPlaybooks } from './seed.ts';
import { keepSpecSecrets, SPEC_SECRETS } from './specSecrets.ts';
import { checkPlaybookWrite } from './spec.ts';
import { webhookRoutes } from './webhook.ts';

/**
 * Playbooks and their runs: the playbook service (/api/playbook), the runner that executes runs
 * claimed from the database (its job), the /api/db tables and the demo playbooks.
 */
export const playbooksService = defineService({
  name: 'playbooks',
  dependsOn: ['canary', 'topology', 'catalog'],
  migrations: true,
  setup: ({ db, log, config }) =>
    new PlaybookRunner({
      db,
      log,
      // --no-playbook-exec: exec actions fail with a clear refusal instead of running bash.
      execEnabled: config.playbookExec !== false,
      // The server's key (OPSDECK_SECRET_KEY or the data directory's); an app given none (tests,
      // --memory through createApp alone) seals with a key of this process.
      secrets: (config.playbookSecrets as SecretBox | undefined) ?? processSecretBox(),
      // Where http, sql and notification actions may go (src/http/outbound.ts).
      outbound: (config.outbound as OutboundPolicy | undefined) ?? STRICT_OUTBOUND,
    }),
  routes: [
    // on.webhook: no session; each playbook's own authentication (basic, github) guards its path.
    {
      base: '/api/playbook/webhook',
      public: true,
      crossSite: true,
      app: ({ db, log }, runner) => webhookRoutes(db, runner, log),
    },
    { base: '/api/playbook', app: ({ db }, runner) => playbookRoutes(db, runner) },
    // The resource selector of the run modal and of resource parameters (reference §7).
    { base: '/api/resources', app: ({ db }) => resourceSearchRoutes(db) },
    { base: '/api/artifacts', app: ({ db }) => artifactRoutes(db) },
  ],
  tables: {
    playbooks: {
      object: 'playbooks',
      // For everyone, admins included: a spec written back with its masks keeps its stored
      // secrets; one loaded from a resource file changes only with its file; and every live row
      // holds a spec the Playbook contract accepts (a 400 naming the path), or /playbooks could
      // not read it back.
      guardWrite: async (write) => {
        const kept = await keepSpecSecrets(write);
        if (!kept.allowed) return kept;
        const guarded = await guardPlaybookWrite(write);
        return guarded.allowed ? checkPlaybookWrite(write.after) : guarded;
      },
      // Literal secrets of specs read masked (every reader of playbooks is not every runner).
      secrets: [SPEC_SECRETS],
    },
    // Written only by the run, approve and cancel routes and the runner (a run executes the spec
    // it was created and approved with): read-only through /api/db, as Mission Control's own
    // interceptors keep them. A run's copy of the spec reads with its secrets masked.
    playbook_runs: { object: 'playbook_runs', serverWritten: true, secrets: [SPEC_SECRETS] },
    playbook_run_actions: { object: 'playbook_runs', serverWritten: true },
    playbook_approvals: { object: 'playbook_runs', serverWritten: true },
    // Reference views and tables (issue 30): the runs page's playbook filter, a run action's files
    // (written by the runner only, as the runs are).
    playbook_names: { object: 'playbooks' },
    artifacts: { object: 'playbook_runs', serverWritten: true },
  },
  rpc: {
    get_playbook_run_actions: { object: 'playbook_runs', readOnly: true },
  },
  // GitOps: Playbook documents of --resources DIR.
  resources: { Playbook: playbookResourceKind },
  seed: seedPlaybooks,
  // The runner's poll: trigger events into runs, due runs claimed (each instance polls).
  scheduledJobs: (_context, runner) => [runner.job()],
});
