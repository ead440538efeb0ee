import { defineContract } from '../contract.ts';
import { playbookSpecSchema, type PlaybookSpec } from './spec.ts';

/**
 * The Playbook kind (mission-control.flanksource.com/v1): the console's spec editor, the server's
 * `/api/db` and playbook routes and the GitOps loader all validate a spec with this.
 */
export const playbookContract = defineContract<PlaybookSpec>({
  kind: 'Playbook',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: playbookSpecSchema,
  // One exec action and a parameter it uses, so a new playbook is valid as it stands.
  defaults: () => ({
    title: 'New playbook',
    description: 'What this playbook does',
    category: 'Default',
    parameters: [{ name: 'message', label: 'Message', default: 'hello' }],
    actions: [{ name: 'echo', exec: { script: 'echo "{{.params.message}}"' } }],
  }),
});
