// Every test id of @opsdeck/features-playbooks, in one map, so tests and apps never spell them twice.
export const playbooksTestIds = {
  index: { root: 'playbooks-index', card: 'playbook-card', search: 'playbooks-search' },
  editor: { root: 'playbook-editor' },
  runs: { root: 'playbook-runs' },
  run: {
    root: 'playbook-run',
    status: 'playbook-run-status',
    action: 'playbook-run-action',
    approvals: 'playbook-run-approvals',
    approvers: 'playbook-run-approvers',
    approveRefusal: 'playbook-run-approve-refusal',
  },
  modal: {
    root: 'playbook-run-modal',
    resource: 'playbook-run-resource',
    parameters: 'playbook-run-parameters',
  },
  menu: 'playbooks-menu',
  configTab: 'playbooks-config-tab',
} as const;
