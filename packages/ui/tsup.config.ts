import { definePackageBuild } from '../../tsup.shared.ts';

// One file per exports entry (package.json), as @opsdeck/auth: the root stays light, and CodeMirror,
// formik, yup and TanStack Table load only through their own subpaths.
export default definePackageBuild({
  index: 'src/index.ts',
  'data-table': 'src/DataTable/index.ts',
  forms: 'src/forms/index.ts',
  'code-editor': 'src/CodeEditor/index.ts',
  'time-range': 'src/TimeRangePicker/index.ts',
  testing: 'src/testing/index.ts',
});
