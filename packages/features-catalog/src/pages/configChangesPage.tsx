// The lazy page module of `/catalog/:id/changes`.
export { ConfigChangesPage as Component } from '../ConfigPage/ConfigChangesPage.tsx';
