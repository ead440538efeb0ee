import type { Permission } from '@opsdeck/rbac';
import type { ScopedPermission } from './resolve.ts';

/** Who a request acts as, whichever way it authenticated (Basic, session cookie, auth disabled). */
export interface AuthUser {
  id: string;
  name: string;
  email?: string;
  avatar?: string;
  roles: string[];
  permissions: Permission[];
  /** Rows about one resource (a playbook, a config…), checked where that resource is used. */
  scopedPermissions?: ScopedPermission[];
}

/** The user of `--auth disabled`: an admin that exists only in memory. */
export const builtInAdmin: AuthUser = {
  id: '00000000-0000-0000-0000-000000000001',
  name: 'Admin',
  email: 'admin@local',
  roles: ['admin'],
  permissions: [],
};
