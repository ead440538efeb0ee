// The lazy page module of `/playbooks/runs/:id`.
export { PlaybookRunPage as Component } from '../RunPage/PlaybookRunPage.tsx';
