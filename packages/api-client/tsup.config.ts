import { definePackageBuild } from '../../tsup.shared.ts';

export default definePackageBuild({
  'index': 'src/index.ts',
  'db': 'src/db/index.ts',
  'health': 'src/health/index.ts',
  'auth': 'src/auth/index.ts',
  'general': 'src/general/index.ts',
  'postgrest': 'src/postgrest/index.ts',
  'react': 'src/react/index.ts',
});
