// The lazy page module of the standalone `/view/topology/:id` card.
export { TopologyViewPage as Component } from '../ViewPage.tsx';
