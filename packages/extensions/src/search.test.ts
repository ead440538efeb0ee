import { createAuthorizer, createFeatureFlags } from '@opsdeck/rbac';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineFeature } from './feature.ts';
import { createFeatureRegistry } from './registry.ts';
import {
  bindRoute,
  createExternalRouteRef,
  createRouteRef,
  linkTo,
  parseRouteSearch,
  type NoParams,
  type SearchOf,
} from './routeRefs.ts';
import { encodeSearch } from './search.ts';
import { createExtensionView, resolveLink } from './view.ts';

const page = async () => ({ Component: () => null });
const ranges = ['1h', '3h', '1d'] as const;

// The health page's search as its owner declares it, and a list's filter with a default.
const healthPage = createRouteRef('health.page', {
  search: z.object({
    checkId: z.string().min(1).optional(),
    timeRange: z.enum(ranges).optional(),
  }),
});
const runs = createRouteRef('playbooks.runs', {
  search: z.object({
    status: z.enum(['running', 'failed', 'completed']).optional(),
    pageIndex: z.coerce.number().int().min(0).default(0),
    tags: z.array(z.string()).optional(),
  }),
});
type HealthPageSearch = SearchOf<typeof healthPage>;

// Another feature links to it knowing only the owner's search type, never its parameter names.
const topologyToHealth = createExternalRouteRef<NoParams, HealthPageSearch>('topology.healthPage');

const features = [
  defineFeature({
    name: 'health',
    resource: 'canaries',
    routes: [{ path: 'health', ref: healthPage, title: 'Health', load: page }],
  }),
  defineFeature({
    name: 'playbooks',
    resource: 'playbooks',
    routes: [{ path: 'playbooks/runs', ref: runs, title: 'Runs', load: page }],
  }),
  defineFeature({
    name: 'topology',
    resource: 'topologies',
    routes: [{ path: 'topology', title: 'Topology', load: page }],
    externalRoutes: { healthPage: topologyToHealth },
  }),
];
const view = createExtensionView(
  createFeatureRegistry(features, { bindings: [bindRoute(topologyToHealth, healthPage)] }),
  {
    flags: createFeatureFlags([]),
    authorizer: createAuthorizer({ roles: ['viewer'] }),
  },
);

const query = (href: string) => new URL(href, 'http://console').searchParams;

describe('typed links with search', () => {
  it('builds a link from its search and the owner reads the same values back', () => {
    const href = view.link(topologyToHealth)?.({}, { checkId: 'check a&b', timeRange: '3h' });
    expect(href).toBe('/health?checkId=check+a%26b&timeRange=3h');
    expect(parseRouteSearch(healthPage, query(href!))).toEqual({
      checkId: 'check a&b',
      timeRange: '3h',
    });
  });

  it('round-trips numbers and repeated values, leaving out what the link does not say', () => {
    const href = view.link(runs)?.({}, { status: 'failed', pageIndex: 2, tags: ['a', 'b'] });
    expect(href).toBe('/playbooks/runs?status=failed&pageIndex=2&tags=a&tags=b');
    expect(parseRouteSearch(runs, query(href!))).toEqual({
      status: 'failed',
      pageIndex: 2,
      tags: ['a', 'b'],
    });
    expect(view.link(runs)?.({})).toBe('/playbooks/runs');
    expect(encodeSearch({ checkId: undefined, status: null })).toBe('');
  });

  it('drops a value the schema refuses to its default, keeping the good ones', () => {
    expect(parseRouteSearch(healthPage, query('/health?checkId=c1&timeRange=forever'))).toEqual({
      checkId: 'c1',
    });
    expect(parseRouteSearch(runs, query('/playbooks/runs?status=lost&pageIndex=-3'))).toEqual({
      pageIndex: 0,
    });
    expect(parseRouteSearch(healthPage, query('/health?checkId='))).toEqual({});
    // Parameters the schema does not name are the page's own business.
    expect(parseRouteSearch(healthPage, query('/health?sortBy=name'))).toEqual({});
  });

  it('types the search a link may carry by the owner schema', () => {
    const toHealth = view.link(topologyToHealth)!;
    expectTypeOf(toHealth)
      .parameter(1)
      .toEqualTypeOf<
        { checkId?: string | undefined; timeRange?: '1h' | '3h' | '1d' | undefined } | undefined
      >();
    // @ts-expect-error a parameter the health page does not read
    toHealth({}, { checkID: 'c1' });
    // @ts-expect-error a time range the health page does not offer
    toHealth({}, { timeRange: '2h' });
    const otherSearch = createExternalRouteRef<NoParams, { name: string }>('topology.other');
    // @ts-expect-error bound to a route that does not read its search
    bindRoute(otherSearch, healthPage);
  });

  it('resolves a link given as data through the user view', () => {
    const target = linkTo(healthPage, {}, { checkId: 'c1' });
    expect(resolveLink(view, target)).toBe('/health?checkId=c1');
    const hidden = createExtensionView(createFeatureRegistry(features), {
      flags: createFeatureFlags([{ name: 'health.disable', value: 'true' }]),
      authorizer: createAuthorizer({ roles: ['viewer'] }),
    });
    expect(resolveLink(hidden, target)).toBeUndefined();
  });
});
