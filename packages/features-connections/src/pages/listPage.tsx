// The lazy page module of `/settings/connections`.
export { ConnectionListPage as Component } from '../ConnectionList/ConnectionListPage.tsx';
