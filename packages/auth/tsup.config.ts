import { definePackageBuild } from '../../tsup.shared.ts';

export default definePackageBuild({
  index: 'src/index.ts',
  kratos: 'src/kratos/index.ts',
  hosted: 'src/hosted/index.ts',
  'hosted-react': 'src/hosted-react/index.ts',
  react: 'src/react/index.ts',
  testing: 'src/testing/index.ts',
});
