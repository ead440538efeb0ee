// The test ids of @opsdeck/features-health for the apps' tests and e2e suites, kept off the root
// entry. (The *.test.helper files beside this one are the package's own and are not exported.)
export { testIds as healthTestIds } from '../testIds.ts';
