export { permissionContract } from './contract.ts';
/** The subjects the permission editor offers, and the spec it edits. @public */
export { permissionSubjects, type PermissionSpec } from './contract.ts';
/** @public */
export { permissionForm } from './form.ts';
