export {
  permissionContract,
  permissionSpecSchema,
  permissionSubjects,
  type PermissionSpec,
} from './contract.ts';
