// The lazy page module of `/incidents`: its own chunk, so the console's first load carries only the shell.
export { IncidentListPage as Component } from '../ListPage/IncidentListPage.tsx';
