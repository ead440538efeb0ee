// Every test id of @opsdeck/features-notifications, in one map, so tests and apps never spell them twice.
export const notificationsTestIds = {
  nav: 'notifications-nav',
  checkSilence: 'notifications-check-silence',
  history: { root: 'notifications-history', detail: 'notification-send-detail' },
  rules: { root: 'notification-rules' },
  ruleEditor: {
    root: 'notification-rule-editor',
    filter: 'notification-rule-filter',
    template: 'notification-rule-template',
    inhibitions: 'notification-rule-inhibitions',
    error: 'notification-rule-error',
  },
  silences: { root: 'notification-silences' },
  trace: { root: 'notification-trace', transition: 'notification-trace-transition' },
  addSilence: {
    root: 'notification-silence-add',
    preview: 'notification-silence-preview',
    error: 'notification-silence-error',
  },
} as const;
