// The lazy page module of `/topology`: its own chunk, so the console's first load carries only the shell.
export { TopologyIndexPage as Component } from '../IndexPage/TopologyIndexPage.tsx';
