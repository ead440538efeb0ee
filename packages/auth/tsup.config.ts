import { definePackageBuild } from '../../tsup.shared.ts';

// dist mirrors src (dist/kratos/index.js from src/kratos/index.ts) so tools such as knip map one to
// the other.
export default definePackageBuild({
  index: 'src/index.ts',
  'kratos/index': 'src/kratos/index.ts',
  'hosted/index': 'src/hosted/index.ts',
  'hosted-react/index': 'src/hosted-react/index.ts',
  'react/index': 'src/react/index.ts',
  'testing/index': 'src/testing/index.ts',
});
