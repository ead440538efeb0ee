import { definePackageBuild } from '../../tsup.shared.ts';

// dist mirrors src (dist/health/index.js from src/health/index.ts) so tools map one to the other.
export default definePackageBuild({
  index: 'src/index.ts',
  'db/index': 'src/db/index.ts',
  'health/index': 'src/health/index.ts',
  'health/schemas': 'src/health/schemas.ts',
  'topology/index': 'src/topology/index.ts',
  'topology/schemas': 'src/topology/schemas.ts',
  'catalog/index': 'src/catalog/index.ts',
  'catalog/schemas': 'src/catalog/schemas.ts',
  'incidents/index': 'src/incidents/index.ts',
  'playbooks/index': 'src/playbooks/index.ts',
  'people/index': 'src/people/index.ts',
  'views/index': 'src/views/index.ts',
  'notifications/index': 'src/notifications/index.ts',
  'settings/index': 'src/settings/index.ts',
  'admin/index': 'src/admin/index.ts',
  'auth/index': 'src/auth/index.ts',
  'general/index': 'src/general/index.ts',
  'connections/index': 'src/connections/index.ts',
  'postgrest/index': 'src/postgrest/index.ts',
  'react/index': 'src/react/index.ts',
});
