import { definePackageBuild } from '../../tsup.shared.ts';

// One file per exports entry (package.json), dist mirroring src.
export default definePackageBuild({
  index: 'src/index.ts',
  'form/index': 'src/form/index.ts',
  'canary/index': 'src/canary/index.ts',
  'connection/index': 'src/connection/index.ts',
  'scrapeConfig/index': 'src/scrapeConfig/index.ts',
  'topology/index': 'src/topology/index.ts',
  'loggingBackend/index': 'src/loggingBackend/index.ts',
  'conformance/index': 'src/conformance/index.ts',
});
