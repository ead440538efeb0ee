// The lazy page module of `/playbooks`: its own chunk, so the console's first load carries only the shell.
export { PlaybooksIndexPage as Component } from '../IndexPage/PlaybooksIndexPage.tsx';
