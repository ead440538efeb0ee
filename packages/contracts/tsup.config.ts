import { definePackageBuild } from '../../tsup.shared.ts';

export default definePackageBuild({
  index: 'src/index.ts',
  'conformance/index': 'src/conformance/index.ts',
});
