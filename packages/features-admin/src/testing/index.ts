// What tests outside the package (the console's browser suites) read without loading the pages.
/** Read by the console's browser suites. @public */
export { adminTestIds } from '../testIds.ts';
