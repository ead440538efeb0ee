// Every test id of @opsdeck/auth, in one map.
export const testIds = {
  flow: {
    form: 'auth-flow-form',
    messages: 'auth-flow-messages',
    totpQrCode: 'auth-flow-totp-qr-code',
    nodeMessages: 'auth-node-messages',
    group: 'auth-flow-group',
  },
  page: {
    login: 'auth-login-page',
    registration: 'auth-registration-page',
    recovery: 'auth-recovery-page',
    verification: 'auth-verification-page',
    settings: 'auth-settings-page',
    error: 'auth-error-page',
    loading: 'auth-page-loading',
  },
  settingsCard: 'auth-settings-card',
  hosted: {
    loading: 'auth-hosted-loading',
    provisioning: 'auth-hosted-provisioning',
    invalid: 'auth-hosted-invalid',
    organizationList: 'auth-hosted-organization-list',
    switching: 'auth-hosted-switching',
  },
} as const;
