// The lazy page module of `/catalog`: its own chunk, so the console's first load carries only the shell.
export { CatalogListPage as Component } from '../ListPage/CatalogListPage.tsx';
