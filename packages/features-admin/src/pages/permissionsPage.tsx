// The lazy page module of /settings/permissions.
export { PermissionsPage as Component } from '../Permissions/PermissionsPage.tsx';
