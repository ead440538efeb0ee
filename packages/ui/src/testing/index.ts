// What tests and e2e suites of other packages need from ui, kept off the root entry.
export { testIds as uiTestIds } from '../testIds.ts';
