// The lazy page module of `/logs`.
export { LogsPage as Component } from '../LogsPage/LogsPage.tsx';
