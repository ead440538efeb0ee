// The lazy page module of `/topology/:id`, with the side panel's reads and the db query builder.
export { ComponentPage as Component } from '../ComponentPage/ComponentPage.tsx';
