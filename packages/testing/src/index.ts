export {
  closedPort,
  createFakeBackend,
  dbError,
  disconnect,
  hang,
  json,
  serverError,
  text,
  type FakeBackend,
  type RecordedRequest,
  type Reply,
  type RouteKey,
  type RouteTable,
} from './fakeBackend.ts';
export { fixturePath, readJsonFixture } from './fixtures.ts';
export { expectNoAxeViolations } from './axe.ts';
