// What tests outside the package (the console's browser suites) read without loading the pages.
export { catalogTestIds } from '../testIds.ts';
