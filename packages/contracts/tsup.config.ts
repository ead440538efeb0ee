import { definePackageBuild } from '../../tsup.shared.ts';

export default definePackageBuild({ index: 'src/index.ts' });
