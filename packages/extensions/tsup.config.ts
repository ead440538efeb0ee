import { definePackageBuild } from '../../tsup.shared.ts';

// dist mirrors src (dist/react/index.js from src/react/index.ts) so tools such as knip map one to
// the other.
export default definePackageBuild({
  index: 'src/index.ts',
  'react/index': 'src/react/index.ts',
  'shell/index': 'src/shell/index.ts',
});
