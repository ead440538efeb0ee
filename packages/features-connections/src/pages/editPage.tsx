// The lazy page module of `/settings/connections/{id}` and `/settings/connections/new`.
export { ConnectionEditPage as Component } from '../ConnectionForm/ConnectionEditPage.tsx';
