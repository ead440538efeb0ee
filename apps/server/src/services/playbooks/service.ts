import { defineService } from '../defineService.ts';
import { artifactRoutes } from './artifacts.ts';
import { guardPlaybookWrite, playbookResourceKind } from './resource.ts';
import { playbookRoutes } from './routes.ts';
import { PlaybookRunner } from './runner.ts';
import { resourceSearchRoutes } from './search.ts';
import { processSecretBox, type SecretBox } from './secrets.ts';
import { seedPlaybooks } from './seed.ts';
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
    // Below admin, a playbook written through /api/db must carry a valid spec (the reason names the path).
    playbooks: {
      object: 'playbooks',
      checkWrite: async (write) => checkPlaybookWrite(write.after),
      // For everyone: one loaded from a resource file changes only with its file.
      guardWrite: guardPlaybookWrite,
    },
    playbook_runs: { object: 'playbook_runs' },
    playbook_run_actions: { object: 'playbook_runs' },
    playbook_approvals: { object: 'playbook_runs' },
    // Reference views and tables (issue 30): the runs page's playbook filter, a run action's files.
    playbook_names: { object: 'playbooks' },
    artifacts: { object: 'playbook_runs' },
  },
  rpc: {
    get_playbook_run_actions: { object: 'playbook_runs', readOnly: true },
  },
  // GitOps: Playbook documents of --resources DIR.
  resources: { Playbook: playbookResourceKind },
  seed: seedPlaybooks,
  jobs: (_context, runner) => runner.start(),
});
