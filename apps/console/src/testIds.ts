// Every test id of the console, in one map, so unit and end-to-end tests never spell them twice.
export const testIds = {
  shell: {
    root: 'console-shell',
    main: 'console-main',
    pageLoader: 'console-page-loader',
    bootLoader: 'console-boot-loader',
    standalone: 'console-standalone-page',
    connectionLost: 'console-connection-lost',
    pageLoadFailed: 'console-page-load-failed',
  },
  sidebar: {
    root: 'console-sidebar',
    loader: 'console-sidebar-loader',
    item: 'console-sidebar-item',
    group: 'console-sidebar-group',
    toggle: 'console-sidebar-toggle',
    backdrop: 'console-sidebar-backdrop',
  },
  header: {
    root: 'console-header',
    menu: 'console-header-menu',
    title: 'console-header-title',
    refresh: 'console-header-refresh',
    bell: 'console-header-bell',
    bellCount: 'console-header-bell-count',
    live: 'console-header-live',
  },
  userMenu: {
    trigger: 'console-user-menu',
    panel: 'console-user-menu-panel',
    versions: 'console-versions',
  },
  kubeconfig: { download: 'console-kubeconfig-download' },
  hosted: { login: 'console-hosted-login', account: 'console-hosted-account' },
  pages: {
    notFound: 'console-not-found',
    disabled: 'console-feature-disabled',
    unauthorized: 'console-unauthorized',
    stateChecker: 'console-state-checker',
  },
} as const;
