export {
  closedPort,
  createFakeBackend,
  disconnect,
  hang,
  json,
  text,
  type FakeBackend,
  type FakeBackendOptions,
  type RecordedRequest,
  type Reply,
  type ReplyInit,
  type Route,
  type RouteAnswer,
  type RouteHandler,
  type RouteKey,
  type RouteTable,
} from './fakeBackend.ts';
export {
  findWorkspaceRoot,
  fixturePath,
  fixturesDirectory,
  readFixture,
  readJsonFixture,
} from './fixtures.ts';
export {
  axeViolations,
  describeAxeViolations,
  expectNoAxeViolations,
  wcag21Tags,
  type AxeCheckOptions,
} from './axe.ts';
