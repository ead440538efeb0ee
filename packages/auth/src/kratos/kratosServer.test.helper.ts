import { createFakeBackend, json, type FakeBackend, type RouteTable } from '@opsdeck/testing';

/** What Kratos answers for anything it does not serve: its own error shape, so the client reads it as Kratos would. */
const kratosNotFound = json({ error: { code: 404, message: 'Not Found' } }, { status: 404 });

/** A stand-in Kratos on 127.0.0.1 (the external identity server is the one thing tests replace): `url` is its base path. */
export function startKratosStandIn(routes: Partial<RouteTable>): Promise<FakeBackend> {
  // A test's own catch-all stays; otherwise anything unrouted gets Kratos's 404.
  return createFakeBackend('* /*' in routes ? routes : { ...routes, '* /*': kratosNotFound });
}
