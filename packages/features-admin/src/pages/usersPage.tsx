// The lazy page module of /settings/users.
export { UsersPage as Component } from '../Users/UsersPage.tsx';
