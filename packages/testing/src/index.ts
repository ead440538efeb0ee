export {
  closedPort,
  createFakeBackend,
  disconnect,
  hang,
  json,
  text,
  type FakeBackend,
  type RecordedRequest,
  type RouteTable,
} from './fakeBackend.ts';
export { fixturePath, readJsonFixture } from './fixtures.ts';
export { expectNoAxeViolations } from './axe.ts';
