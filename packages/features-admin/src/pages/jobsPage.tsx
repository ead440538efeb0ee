// The lazy page module of /settings/jobs.
export { JobHistoryPage as Component } from '../JobHistory/JobHistoryPage.tsx';
