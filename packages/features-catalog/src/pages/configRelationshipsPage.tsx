// The lazy page module of `/catalog/:id/relationships`.
export { RelationshipsPage as Component } from '../ConfigPage/RelationshipsPage.tsx';
