export {
  closedPort,
  createFakeBackend,
  disconnect,
  hang,
  json,
  serverError,
  text,
  type FakeBackend,
  type RecordedRequest,
  type RouteTable,
  type ServerErrorStatus,
} from './fakeBackend.ts';
export { fixturePath, readJsonFixture } from './fixtures.ts';
export { expectNoAxeViolations } from './axe.ts';
