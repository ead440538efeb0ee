// The lazy page module of `/catalog/:id/:tab (another feature's tab)`.
export { SlotTabPage as Component } from '../ConfigPage/SlotTabPage.tsx';
