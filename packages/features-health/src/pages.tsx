// The lazy page module of the health route: its own chunk, so the console's first load carries only the shell.
export { HealthPage as Component } from './HealthPage/HealthPage.tsx';
