// @vitest-environment node
import type { ComponentProperty, TopologyComponent } from '@opsdeck/api-client/topology';
import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  childRows,
  componentTitle,
  sortChoices,
  sortComponents,
  visibleComponents,
} from './cards.ts';
import {
  activeTopologyFilterCount,
  applyTopologyFilters,
  defaultTopologyFilters,
  labelOptions,
  parseTopologyFilters,
  toTopologyQuery,
  type TopologyFilters,
} from './filters.ts';
import { cardColumns, columnsFromOffsets, moveCardIndex } from './grid.ts';
import { formatProperty, headlineProperties, visibleProperties } from './properties.ts';
import { componentColor, statusRank, summaryCounts } from './status.ts';

const property = (fields: Partial<ComponentProperty>): ComponentProperty => ({
  links: [],
  ...fields,
});

const node = (fields: Partial<TopologyComponent> & { id: string }): TopologyComponent => ({
  name: fields.id,
  properties: [],
  components: [],
  children: [],
  parents: [],
  team_names: [],
  ...fields,
});

const filters = (patch: Partial<TopologyFilters> = {}): TopologyFilters => ({
  ...defaultTopologyFilters,
  ...patch,
});

describe('filters in the URL', () => {
  it('round-trips every filter, leaving defaults out of the URL and other parameters alone', () => {
    const chosen = filters({
      status: { unhealthy: 1, healthy: -1 },
      type: { 'Kubernetes::Pod': 1 },
      labels: { 'telemetry=enabled': 1, 'env=dev': -1 },
      team: 'payments',
      owner: 'logistics-team',
      sortBy: 'field:memory',
      sortOrder: 'asc',
      hidePassing: true,
      size: 'large',
    });
    const params = applyTopologyFilters(new URLSearchParams('checkId=k1'), chosen);
    expect(params.get('checkId')).toBe('k1');
    // Spec §3: 'value:1' includes, 'value:-1' excludes, each colon inside a value is four underscores.
    expect(params.get('status')).toBe('unhealthy:1,healthy:-1');
    expect(params.get('type')).toBe('Kubernetes________Pod:1');
    expect(params.get('labels')).toBe('telemetry=enabled:1,env=dev:-1');
    expect(parseTopologyFilters(params)).toEqual(chosen);

    const reset = applyTopologyFilters(params, defaultTopologyFilters);
    expect(reset.toString()).toBe('checkId=k1');
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(
      parseTopologyFilters(new URLSearchParams('sortBy=colour&sortOrder=up&size=huge&status=x')),
    ).toEqual(defaultTopologyFilters);
    expect(parseTopologyFilters(new URLSearchParams('sortBy=field:cpu')).sortBy).toBe('field:cpu');
  });

  it('turns the filters into the request the endpoint reads', () => {
    expect(toTopologyQuery(defaultTopologyFilters, 2)).toEqual({
      depth: 2,
      sortBy: 'status',
      sortOrder: 'desc',
    });
    expect(
      toTopologyQuery(
        filters({
          status: { warning: 1, healthy: -1 },
          type: { Database: 1 },
          labels: { 'telemetry=enabled': 1, 'env=dev': -1 },
          owner: 'ops',
          team: 'payments',
          hidePassing: true,
        }),
        2,
      ),
    ).toEqual({
      depth: 2,
      status: ['warning', '!healthy'],
      type: ['Database'],
      // Exclusions are not part of the endpoint's containment match: they are applied to the reply.
      labels: { telemetry: 'enabled' },
      owner: 'ops',
      team: 'payments',
      sortBy: 'status',
      sortOrder: 'desc',
      flatten: true,
      hidePassing: true,
    });
    // Only an included type flattens the tree (reference UI).
    expect(toTopologyQuery(filters({ type: { Database: -1 } }), 2).flatten).toBeUndefined();
  });

  it('offers labels as key=value from the reply tags', () => {
    expect(labelOptions({ telemetry: ['enabled'], 'fluxcd.io/name': ['flux', 'a'] })).toEqual([
      'fluxcd.io/name=a',
      'fluxcd.io/name=flux',
      'telemetry=enabled',
    ]);
  });
});

describe('the folded filter bar', () => {
  it('counts the filters that narrow the cards, not the sort, size or a default', () => {
    expect(activeTopologyFilterCount(defaultTopologyFilters)).toBe(0);
    expect(
      activeTopologyFilterCount({
        ...defaultTopologyFilters,
        status: { unhealthy: 1 },
        labels: { 'env=prod': -1 },
        owner: 'sre',
        hidePassing: true,
        sortBy: 'name',
        size: 'small',
      }),
    ).toBe(4);
  });
});

describe('property formatting', () => {
  it('formats bytes, CPU, percent and currency with their units', () => {
    expect(formatProperty(property({ name: 'memory', value: 1536, unit: 'bytes' }))?.text).toBe(
      '1.5 KiB',
    );
    // Without a unit, memory and cpu are known by name (reference UI).
    expect(formatProperty(property({ name: 'memory', value: 100 }))?.text).toBe('100 B');
    expect(formatProperty(property({ name: 'cpu', value: 250 }))?.text).toBe('250m');
    expect(formatProperty(property({ name: 'cpu', value: 1500, unit: 'millicores' }))?.text).toBe(
      '1.5 cores',
    );
    expect(formatProperty(property({ name: 'disk', value: 42, unit: 'percent' }))).toMatchObject({
      text: '42%',
      percent: 42,
    });
    expect(
      formatProperty(property({ name: 'cost', value: 12.5, type: 'currency', unit: 'EUR' }))?.text,
    ).toBe('€12.50');
    expect(formatProperty(property({ name: 'replicas', value: 3, unit: 'pods' }))?.text).toBe(
      '3 pods',
    );
  });

  it('shows a value against its max with the fill level, clamped to 0-100', () => {
    expect(
      formatProperty(
        property({
          name: 'memory',
          label: 'Memory',
          value: 2 ** 30,
          max: 4 * 2 ** 30,
          unit: 'bytes',
        }),
      ),
    ).toMatchObject({ label: 'Memory', text: '1 GiB / 4 GiB', percent: 25 });
    expect(formatProperty(property({ name: 'cpu', value: 3000, max: 2000 }))).toMatchObject({
      text: '3 cores / 2 cores',
      percent: 100,
    });
  });

  it('keeps text as is, links URLs, and drops properties with nothing to show', () => {
    expect(formatProperty(property({ name: 'version', text: 'v1.28.3' }))).toMatchObject({
      label: 'version',
      text: 'v1.28.3',
    });
    expect(
      formatProperty(property({ name: 'console', text: 'https://console.aws.amazon.com' }))?.href,
    ).toBe('https://console.aws.amazon.com');
    expect(formatProperty(property({ name: 'empty' }))).toBeNull();
  });

  it('picks headline properties in their order and hides hidden ones', () => {
    const properties = [
      property({ name: 'b', text: 'B', headline: true, order: 2 }),
      property({ name: 'a', text: 'A', headline: true, order: 1 }),
      property({ name: 'secret', text: 'x', hidden: true, headline: true }),
      property({ name: 'region', text: 'eu-west-1' }),
    ];
    expect(headlineProperties(properties).map((p) => p.label)).toEqual(['a', 'b']);
    expect(visibleProperties(properties).map((p) => p.label)).toEqual(['region', 'a', 'b']);
  });
});

describe('status colours (console §4)', () => {
  it.each([
    [{ status: 'unhealthy' }, 'red'],
    [{ status: 'error' }, 'red'],
    [{ status: 'warning' }, 'orange'],
    [{ status: 'unknown' }, 'gray'],
    [{ status: 'healthy' }, 'green'],
    [{ status: 'info' }, 'green'],
    // The rolled-up health wins over the component's own status.
    [{ status: 'healthy', health: 'unhealthy' }, 'red'],
  ])('%o is %s', (component, colour) => {
    expect(componentColor(component)).toBe(colour);
  });

  it('ranks worst first', () => {
    expect(
      ['healthy', 'warning', 'unhealthy', 'other'].sort((a, b) => statusRank(a) - statusRank(b)),
    ).toEqual(['unhealthy', 'warning', 'other', 'healthy']);
  });

  it('counts children, checks, incidents and insights of a summary', () => {
    expect(
      summaryCounts({
        healthy: 1,
        warning: 1,
        incidents: { availability: { Blocker: 1, Low: 2 } },
        insights: { security: { critical: 1 } },
        checks: { healthy: 2, unhealthy: 1, unknown: 1 },
      }),
    ).toEqual({
      children: { healthy: 1, unhealthy: 0, warning: 1, info: 0 },
      checks: { healthy: 2, unhealthy: 1, other: 1 },
      incidents: 3,
      insights: 1,
    });
    expect(summaryCounts(null).incidents).toBe(0);
  });
});

describe('cards', () => {
  const api = node({
    id: 'api',
    status: 'healthy',
    type: 'Application',
    labels: { env: 'prod' },
    owner: 'ops',
  });
  const db = node({
    id: 'db',
    status: 'unhealthy',
    type: 'Database',
    labels: { env: 'dev' },
    team_names: ['data', 'payments'],
    properties: [property({ name: 'memory', value: 300 })],
  });
  const ui = node({
    id: 'ui',
    text: 'Storefront',
    status: 'warning',
    type: 'Application',
    properties: [property({ name: 'memory', value: 100 })],
  });
  const nameless = node({ id: 'x', name: '' });

  it('sorts by status worst first, by name, type and property, missing values last', () => {
    const names = (list: TopologyComponent[]) => list.map((c) => c.id);
    expect(names(sortComponents([api, db, ui], 'status', 'desc'))).toEqual(['db', 'ui', 'api']);
    expect(names(sortComponents([api, db, ui], 'status', 'asc'))).toEqual(['api', 'ui', 'db']);
    expect(names(sortComponents([db, ui, api], 'name', 'asc'))).toEqual(['api', 'db', 'ui']);
    expect(names(sortComponents([db, ui, api], 'type', 'desc'))).toEqual(['db', 'api', 'ui']);
    expect(names(sortComponents([api, db, ui], 'field:memory', 'asc'))).toEqual([
      'ui',
      'db',
      'api',
    ]);
    expect(names(sortComponents([api, db, ui], 'field:memory', 'desc'))).toEqual([
      'db',
      'ui',
      'api',
    ]);
  });

  it('applies every filter to the reply, as the endpoint ignores some of them', () => {
    const all = [api, db, ui, nameless];
    const ids = (patch: Partial<TopologyFilters>) =>
      visibleComponents(all, filters({ ...patch, sortBy: 'name', sortOrder: 'asc' })).map(
        (c) => c.id,
      );
    expect(ids({})).toEqual(['api', 'db', 'ui']);
    expect(ids({ hidePassing: true })).toEqual(['db', 'ui']);
    expect(ids({ labels: { 'env=dev': -1 } })).toEqual(['api', 'ui']);
    expect(ids({ labels: { 'env=prod': 1 } })).toEqual(['api']);
    expect(ids({ status: { healthy: -1 } })).toEqual(['db', 'ui']);
    expect(ids({ type: { Application: 1 } })).toEqual(['api', 'ui']);
    expect(ids({ owner: 'ops' })).toEqual(['api']);
    expect(ids({ team: 'payments' })).toEqual(['db']);
  });

  it("shows a page's children without the page's own component", () => {
    const page = node({ id: 'p', components: [api, node({ id: 'p' }), db] });
    expect(visibleComponents([page], filters(), 'p').map((c) => c.id)).toEqual(['db', 'api']);
  });

  it('offers sort by each property the cards carry', () => {
    expect(sortChoices([api, db, ui])).toEqual(['name', 'status', 'type', 'field:memory']);
  });

  it('titles a card with its text, and lists child rows worst first', () => {
    expect(componentTitle(ui)).toBe('Storefront');
    expect(childRows(node({ id: 'p', components: [api, ui, db] })).map((c) => c.id)).toEqual([
      'db',
      'ui',
      'api',
    ]);
  });

  it('finds the ancestors from the path, else the parent', () => {
    expect(ancestorIds(node({ id: 'c', path: 'a.b' }))).toEqual(['a', 'b']);
    expect(ancestorIds(node({ id: 'c', parent_id: 'b' }))).toEqual(['b']);
    expect(ancestorIds(node({ id: 'c', parents: ['b'] }))).toEqual(['b']);
    expect(ancestorIds(node({ id: 'c' }))).toEqual([]);
  });
});

describe('moving between cards', () => {
  it('steps left and right, a line up and down, to the ends, and stops at the edges', () => {
    // 7 cards, 3 to a line.
    expect(moveCardIndex(1, 'ArrowRight', 3, 7)).toBe(2);
    expect(moveCardIndex(1, 'ArrowLeft', 3, 7)).toBe(0);
    expect(moveCardIndex(1, 'ArrowDown', 3, 7)).toBe(4);
    expect(moveCardIndex(4, 'ArrowUp', 3, 7)).toBe(1);
    expect(moveCardIndex(5, 'ArrowDown', 3, 7)).toBe(5);
    expect(moveCardIndex(0, 'ArrowLeft', 3, 7)).toBe(0);
    expect(moveCardIndex(6, 'ArrowRight', 3, 7)).toBe(6);
    expect(moveCardIndex(3, 'Home', 3, 7)).toBe(0);
    expect(moveCardIndex(3, 'End', 3, 7)).toBe(6);
  });

  it('reads the line length from where the cards sit', () => {
    expect(columnsFromOffsets([0, 0, 0, 120, 120])).toBe(3);
    expect(columnsFromOffsets([0, 0])).toBe(2);
    expect(columnsFromOffsets([])).toBe(1);
  });

  it('counts the cards a line holds as the CSS grid lays them out', () => {
    // 1000 px with 12 px gaps: 3 medium cards of 280 (3 * 280 + 2 * 12 = 864), not 4 (1156).
    expect(cardColumns(1000, 280, 12)).toBe(3);
    expect(cardColumns(1156, 280, 12)).toBe(4);
    expect(cardColumns(1155, 280, 12)).toBe(3);
    // A phone narrower than one card still has one; before layout, one.
    expect(cardColumns(358, 400, 12)).toBe(1);
    expect(cardColumns(0, 200, 12)).toBe(1);
  });
});
