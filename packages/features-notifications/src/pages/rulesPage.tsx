// The lazy page module of `/notifications/rules`.
export { RulesPage as Component } from '../RulesPage/RulesPage.tsx';
