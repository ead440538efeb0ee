// The lazy page module of `/catalog/:id, its Spec (with the code editor)`.
export { SpecPage as Component } from '../ConfigPage/SpecPage.tsx';
