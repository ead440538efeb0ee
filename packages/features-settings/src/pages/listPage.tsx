// The lazy page module of every `/settings/{table}` list.
export { ResourceListPage as Component } from '../ResourceList/ResourceListPage.tsx';
