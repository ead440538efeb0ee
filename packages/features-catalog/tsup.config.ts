import { definePackageBuild } from '../../tsup.shared.ts';

// dist mirrors src so tools such as knip map one to the other.
export default definePackageBuild({
  index: 'src/index.ts',
});
