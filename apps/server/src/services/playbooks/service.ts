import { defineService } from '../defineService.ts';
import { seedPlaybooks } from './seed.ts';

/** Playbooks and their runs; for now tables, rpc objects and the demo seed only. */
export const playbooksService = defineService({
  name: 'playbooks',
  dependsOn: ['canary', 'topology', 'catalog'],
  migrations: true,
  tables: {
    playbooks: { object: 'playbooks' },
    playbook_runs: { object: 'playbook_runs' },
    playbook_run_actions: { object: 'playbook_runs' },
    playbook_approvals: { object: 'playbook_runs' },
  },
  rpc: {
    get_playbook_run_actions: { object: 'playbook_runs', readOnly: true },
  },
  seed: seedPlaybooks,
});
