// The lazy page module of `/incidents/:id`.
export { IncidentPage as Component } from '../IncidentPage/IncidentPage.tsx';
