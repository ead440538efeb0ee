// The lazy page module of `/catalog/:id/checks`.
export { ConfigChecksPage as Component } from '../ConfigPage/ConfigChecksPage.tsx';
