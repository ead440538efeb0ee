// What tests outside the package (the console's browser suites) read without loading the pages.
/** Read by the console's browser suites. @public */
export { connectionsTestIds } from '../testIds.ts';
