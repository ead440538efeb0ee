// The lazy page module of `/notifications/silences`.
export { SilencesPage as Component } from '../SilencesPage/SilencesPage.tsx';
