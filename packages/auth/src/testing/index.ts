// The test ids of @opsdeck/auth for other packages' tests and e2e suites, kept off the root entry.
export { testIds as authTestIds } from '../testIds.ts';
