// The lazy page module of `/catalog/:id/playbooks (the playbooks feature's tab)`.
export { PlaybooksTabPage as Component } from '../ConfigPage/SlotTabPage.tsx';
