// The lazy page module of every `/settings/{table}/{id}` and `/settings/{table}/new`.
export { ResourceEditPage as Component } from '../ResourceEditor/ResourceEditPage.tsx';
