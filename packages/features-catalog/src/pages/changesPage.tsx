// The lazy page module of `/catalog/changes`.
export { CatalogChangesPage as Component } from '../ChangesPage/CatalogChangesPage.tsx';
