// The lazy page module of `/notifications/silences/add`.
export { AddSilencePage as Component } from '../AddSilencePage/AddSilencePage.tsx';
