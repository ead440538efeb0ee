import { definePackageBuild } from '../../tsup.shared.ts';

// One file per exports entry (package.json): the root stays light, and CodeMirror, formik, yup and
// TanStack Table (and TanStack Query, for the entity picker) load only through their own subpaths. dist mirrors src (dist/DataTable/index.js
// from src/DataTable/index.ts) so tools such as knip map one to the other.
export default definePackageBuild({
  index: 'src/index.ts',
  'DataTable/index': 'src/DataTable/index.ts',
  'EntityPicker/index': 'src/EntityPicker/index.ts',
  'forms/index': 'src/forms/index.ts',
  'CodeEditor/index': 'src/CodeEditor/index.ts',
  'TimeRangePicker/index': 'src/TimeRangePicker/index.ts',
  'testing/index': 'src/testing/index.ts',
});
