// The lazy page module of `/playbooks/runs`.
export { PlaybookRunsPage as Component } from '../RunsPage/PlaybookRunsPage.tsx';
