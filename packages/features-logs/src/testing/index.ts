// What tests outside the package (the console's browser suites) read without loading the page.
/** Read by the console's browser suites. @public */
export { logsTestIds } from '../testIds.ts';
