import { definePackageBuild } from '../../tsup.shared.ts';

// dist mirrors src (dist/testing/index.js from src/testing/index.ts) so tools such as knip map one
// to the other.
export default definePackageBuild({
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
});
