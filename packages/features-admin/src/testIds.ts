// Every test id of @opsdeck/features-admin, in one map, so tests and apps never spell them twice.
export const adminTestIds = {
  jobs: { page: 'admin-jobs', details: 'admin-job-details' },
  permissions: {
    page: 'admin-permissions',
    modal: 'admin-permission-modal',
    readOnly: 'admin-permission-read-only',
  },
  flags: { page: 'admin-flags', modal: 'admin-flag-modal' },
  agents: {
    page: 'admin-agents',
    register: 'admin-agent-register',
    command: 'admin-agent-command',
  },
  users: {
    page: 'admin-users',
    invite: 'admin-users-invite',
    inviteLink: 'admin-users-invite-link',
  },
  eventQueue: { page: 'admin-event-queue', failed: 'admin-event-queue-failed' },
  audit: { page: 'admin-audit', diff: 'admin-audit-diff', changed: 'admin-audit-changed' },
} as const;
