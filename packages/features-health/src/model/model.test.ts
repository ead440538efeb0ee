// @vitest-environment node
import { checkSummaryReplySchema } from '@opsdeck/api-client/health';
import { readJsonFixture } from '@opsdeck/testing';
import { decodeTriStateEntries, encodeTriStateEntries } from '@opsdeck/ui';
import { describe, expect, it } from 'vitest';
import { makeCheck } from './checks.test.helper.ts';
import { checkAgent, checkLatency, checkNamespace } from './checkFields.ts';
import { durationError, historyStatusCode, parseDurationFilter } from './durationFilter.ts';
import { buildGroupIndex, groupNumberOf, groupRows, isGroupRow } from './grouping.ts';
import {
  booleanLabelState,
  collectLabelOptions,
  decodeLabelFilter,
  encodeLabelFilter,
  filteredLabelCount,
  matchesLabelFilter,
  setBooleanLabel,
  setLabelValues,
  emptyLabelFilter,
} from './labels.ts';
import { prepareSummary } from './prepared.ts';
import { refreshIntervalMs } from './refreshRate.ts';
import { buildSearchIndex, searchIndexes } from './search.ts';
import { sortIndexes } from './sorting.ts';
import { buildTabIndex, checksInTab } from './tabs.ts';
import { showTimeSinceLastRun, timeRangeForLastRun } from './timeRange.ts';
import { formatUptime, uptimePercent } from './uptime.ts';

const realChecks = checkSummaryReplySchema.parse({
  checks_summary: readJsonFixture('mission-control/expectations/check_status_summary.json'),
}).checks_summary;
const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i);
const names = (checks: { name: string }[], indexes: ArrayLike<number>) =>
  Array.from(indexes, (i) => checks[i]!.name);

describe('check fields on the real summary', () => {
  it('reads the canary namespace when the check has none, and the zero agent as local', () => {
    expect(realChecks.map(checkNamespace)).toEqual(['cart', 'logistics', 'logistics', 'logistics']);
    expect(checkAgent(realChecks[0]!)).toBe('local');
    expect(checkAgent(realChecks[3]!)).toBe('000000200-0000-0000-0000-000000000000');
  });

  it('shows rolling1h latency, else p95', () => {
    expect(checkLatency(realChecks[0]!)).toBeNull();
    expect(checkLatency(realChecks[1]!)).toBe(1340);
    expect(checkLatency(makeCheck({ latency: { rolling1h: 42, p95: 100 } }))).toBe(42);
  });
});

describe('uptime', () => {
  it('is passed / (passed + failed)', () => {
    expect(uptimePercent({ passed: 56, failed: 14 })).toBe(80);
    expect(uptimePercent({ passed: 0, failed: 0 })).toBeNull();
    expect(formatUptime({ passed: 56, failed: 14 })).toBe('80%');
    expect(formatUptime({ passed: 2, failed: 1 })).toBe('66.67%');
    expect(formatUptime({ passed: 99_999, failed: 1 })).toBe('99.99%');
    expect(formatUptime({ passed: 0, failed: 0 })).toBe('');
  });
});

describe('search', () => {
  const checks = [
    makeCheck({ name: 'Cart API', description: 'checkout path' }),
    makeCheck({ name: 'db', endpoint: 'postgres://DB.internal:5432' }),
    makeCheck({ name: 'dns' }),
  ];
  const index = buildSearchIndex(checks);

  it('matches name, description and endpoint, ignoring case', () => {
    expect(names(checks, searchIndexes(index, all(3), 'cart'))).toEqual(['Cart API']);
    expect(names(checks, searchIndexes(index, all(3), 'checkout'))).toEqual(['Cart API']);
    expect(names(checks, searchIndexes(index, all(3), 'db.internal'))).toEqual(['db']);
    expect(names(checks, searchIndexes(index, all(3), 'd'))).toEqual(['db', 'dns']);
  });

  it('does not match across field boundaries and returns the candidates for an empty query', () => {
    expect(searchIndexes(index, all(3), 'apicheckout')).toHaveLength(0);
    const candidates = all(3);
    expect(searchIndexes(index, candidates, '')).toBe(candidates);
  });
});

describe('tri-state encoding (spec §3, through the ui codec)', () => {
  it('writes value:1 / value:-1 with colons and commas escaped, and reads it back', () => {
    const text = encodeTriStateEntries([
      ['a:b', 1],
      ['c,d', -1],
      ['neutral', 0],
    ]);
    expect(text).toBe('a____b:1,c||||d:-1');
    expect(decodeTriStateEntries(text)).toEqual([
      ['a:b', 1],
      ['c,d', -1],
    ]);
    // ui reads ':1' as the empty value; the labels parameter has no use for it and skips it too.
    const labels = decodeLabelFilter('x=1:2,:1,y=2:-1,garbage');
    expect([...labels.include]).toEqual([]);
    expect([...labels.exclude].map(([key, values]) => [key, [...values]])).toEqual([['y', ['2']]]);
  });
});

describe('label filters', () => {
  const checks = [
    makeCheck({ name: 'a', namespace: 'prod', labels: { env: 'prod', critical: 'true' } }),
    makeCheck({ name: 'b', namespace: 'prod', labels: { env: 'staging', critical: 'false' } }),
    makeCheck({ name: 'c', namespace: 'dev', labels: { env: 'dev', team: 'data' } }),
  ];

  it('offers only labels present in the given checks, boolean ones as tri-state', () => {
    const tabs = buildTabIndex(checks, 'namespace');
    expect(collectLabelOptions(checks, checksInTab(tabs, 'prod'))).toEqual([
      { key: 'critical', values: ['false', 'true'], boolean: true },
      { key: 'env', values: ['prod', 'staging'], boolean: false },
    ]);
    expect(collectLabelOptions(checks, checksInTab(tabs, 'dev')).map((o) => o.key)).toEqual([
      'env',
      'team',
    ]);
  });

  it('includes any selected value of a key, and includes or excludes a boolean label', () => {
    const keep = (filter: typeof emptyLabelFilter) =>
      checks.filter((c) => matchesLabelFilter(c.labels, filter)).map((c) => c.name);
    const envs = setLabelValues(emptyLabelFilter, 'env', ['prod', 'dev']);
    expect(keep(envs)).toEqual(['a', 'c']);
    expect(keep(setBooleanLabel(emptyLabelFilter, 'critical', 1))).toEqual(['a']);
    expect(keep(setBooleanLabel(emptyLabelFilter, 'critical', -1))).toEqual(['b', 'c']);
    expect(keep(setBooleanLabel(envs, 'critical', -1))).toEqual(['c']);
    expect(keep(setLabelValues(envs, 'env', []))).toEqual(['a', 'b', 'c']);
  });

  it('round-trips through the URL form, escaping colons and commas in values', () => {
    let filter = setLabelValues(emptyLabelFilter, 'url', ['http://x:80', 'a,b']);
    filter = setBooleanLabel(filter, 'critical', -1);
    const text = encodeLabelFilter(filter);
    expect(text).toBe('url=http____//x____80:1,url=a||||b:1,critical=true:-1');
    const back = decodeLabelFilter(text);
    expect([...back.include.get('url')!]).toEqual(['http://x:80', 'a,b']);
    expect(booleanLabelState(back, 'critical')).toBe(-1);
    expect(booleanLabelState(back, 'url')).toBe(0);
  });

  it('counts the label keys a filter narrows by, for the folded filters button', () => {
    expect(filteredLabelCount(emptyLabelFilter)).toBe(0);
    let filter = setLabelValues(emptyLabelFilter, 'env', ['prod', 'dev']);
    filter = setBooleanLabel(filter, 'critical', -1);
    expect(filteredLabelCount(filter)).toBe(2);
    expect(filteredLabelCount(setLabelValues(filter, 'env', []))).toBe(1);
  });
});

describe('tabs', () => {
  it('has All first, then one tab per value with its count', () => {
    const index = buildTabIndex(realChecks, 'namespace');
    expect(index.tabs).toEqual([
      { value: '', count: 4 },
      { value: 'cart', count: 1 },
      { value: 'logistics', count: 3 },
    ]);
    expect(names(realChecks, checksInTab(index, 'cart'))).toEqual(['cart-api-health-check']);
    expect(checksInTab(index, '')).toHaveLength(4);
    // A tab that vanished from the data (stale link) shows everything rather than nothing.
    expect(checksInTab(index, 'gone')).toHaveLength(4);
  });

  it('tabs by agent and by a label key; checks without the label are under All only', () => {
    expect(buildTabIndex(realChecks, 'agent').tabs.map((t) => t.value)).toEqual([
      '',
      '000000200-0000-0000-0000-000000000000',
      'local',
    ]);
    const checks = [makeCheck({ labels: { team: 'sre' } }), makeCheck({ labels: {} })];
    expect(buildTabIndex(checks, 'label:team').tabs).toEqual([
      { value: '', count: 2 },
      { value: 'sre', count: 1 },
    ]);
  });
});

describe('sorting', () => {
  const checks = [
    makeCheck({
      name: 'beta',
      status: 'healthy',
      uptime: { passed: 9, failed: 1 },
      latency: { rolling1h: 300 },
      last_transition_time: '2024-01-02T00:00:00Z',
    }),
    makeCheck({
      name: 'Alpha',
      status: 'unhealthy',
      uptime: { passed: 1, failed: 1 },
      latency: { rolling1h: 0 },
      last_transition_time: '2024-01-03T00:00:00Z',
    }),
    makeCheck({
      name: 'gamma',
      status: 'healthy',
      uptime: { passed: 0, failed: 0 },
      latency: { rolling1h: 100 },
    }),
  ];
  const prepared = prepareSummary(checks);
  const sorted = (
    sortBy: Parameters<typeof sortIndexes>[2]['sortBy'],
    sortOrder: 'asc' | 'desc' = 'asc',
  ) => names(checks, sortIndexes(prepared, all(3), { sortBy, sortOrder }));

  it('sorts by each column, either way, with missing values last', () => {
    expect(sorted('name')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sorted('name', 'desc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(sorted('health')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sorted('health', 'desc')).toEqual(['beta', 'gamma', 'Alpha']);
    expect(sorted('uptime')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sorted('uptime', 'desc')).toEqual(['beta', 'Alpha', 'gamma']);
    expect(sorted('latency')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(sorted('latency', 'desc')).toEqual(['beta', 'gamma', 'Alpha']);
    expect(sorted('transition', 'desc')).toEqual(['Alpha', 'beta', 'gamma']);
  });
});

describe('grouping', () => {
  const checks = [
    makeCheck({
      name: 'a1',
      canary_name: 'a',
      status: 'healthy',
      uptime: { passed: 3, failed: 1 },
      latency: { rolling1h: 5 },
    }),
    makeCheck({
      name: 'b1',
      canary_name: 'b',
      status: 'unhealthy',
      uptime: { passed: 0, failed: 2 },
      latency: { rolling1h: 50 },
    }),
    makeCheck({
      name: 'a2',
      canary_name: 'a',
      status: 'unhealthy',
      uptime: { passed: 1, failed: 1 },
      latency: { rolling1h: 7 },
    }),
    makeCheck({ name: 'c1', canary_name: 'c', status: 'healthy' }),
  ];
  const prepared = prepareSummary(checks);
  const byName = { sortBy: 'name', sortOrder: 'asc' } as const;
  const describeRows = (rows: Int32Array, groups: { key: string }[]) =>
    Array.from(rows, (entry) =>
      isGroupRow(entry) ? `[${groups[groupNumberOf(entry)]!.key}]` : checks[entry]!.name,
    );

  it('puts a group row above its checks with good, mixed or bad and summed uptime', () => {
    const index = buildGroupIndex(checks, 'canary_name');
    const result = groupRows(
      prepared,
      sortIndexes(prepared, all(4), byName),
      'canary_name',
      index,
      byName,
    );
    expect(describeRows(result.rows, result.groups)).toEqual([
      '[a]',
      'a1',
      'a2',
      '[b]',
      'b1',
      '[c]',
      'c1',
    ]);
    expect(
      result.groups.map((g) => [g.key, g.aggregate, g.count, g.passed, g.failed, g.latency]),
    ).toEqual([
      ['a', 'mixed', 2, 4, 2, 7],
      ['b', 'bad', 1, 0, 2, 50],
      ['c', 'good', 1, 1, 0, 10],
    ]);
  });

  it('orders groups by their best member when sorting by another column, and folds collapsed groups', () => {
    const byHealth = { sortBy: 'health', sortOrder: 'asc' } as const;
    const index = buildGroupIndex(checks, 'canary_name');
    const result = groupRows(
      prepared,
      sortIndexes(prepared, all(4), byHealth),
      'canary_name',
      index,
      byHealth,
      new Set(['b']),
    );
    expect(describeRows(result.rows, result.groups)).toEqual([
      '[a]',
      'a2',
      'a1',
      '[b]',
      '[c]',
      'c1',
    ]);
    expect(result.checkCount).toBe(4);
  });

  it('groups by type, agent and a label key; none gives plain rows', () => {
    expect(buildGroupIndex(realChecks, 'type').keys).toEqual(['http', 'postgres']);
    expect(buildGroupIndex(realChecks, 'agent').keys).toEqual([
      'local',
      '000000200-0000-0000-0000-000000000000',
    ]);
    expect(
      buildGroupIndex([makeCheck({ labels: { app: 'x' } }), makeCheck()], 'label:app').keys,
    ).toEqual(['x', '']);
    const result = groupRows(prepared, all(4), 'none', null, byName);
    expect(Array.from(result.rows)).toEqual([0, 1, 2, 3]);
  });
});

describe('time', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('picks the default range from the age of the last run', () => {
    expect(timeRangeForLastRun(null, now)).toBe('1h');
    expect(timeRangeForLastRun(ago(59), now)).toBe('1h');
    expect(timeRangeForLastRun(ago(60), now)).toBe('3h');
    expect(timeRangeForLastRun(ago(179), now)).toBe('3h');
    expect(timeRangeForLastRun(ago(300), now)).toBe('6h');
    expect(timeRangeForLastRun(ago(1000), now)).toBe('1d');
    expect(timeRangeForLastRun(ago(3 * 1440), now)).toBe('1w');
    expect(timeRangeForLastRun(ago(40 * 1440), now)).toBe('2mo');
    expect(timeRangeForLastRun(ago(10 * 525_600), now)).toBe('5y');
  });

  it('shows time since last run only between 1 hour and 7 days', () => {
    expect(showTimeSinceLastRun(ago(59), now)).toBe(false);
    expect(showTimeSinceLastRun(ago(60), now)).toBe(true);
    expect(showTimeSinceLastRun(ago(7 * 1440), now)).toBe(true);
    expect(showTimeSinceLastRun(ago(7 * 1440 + 1), now)).toBe(false);
    expect(showTimeSinceLastRun(undefined, now)).toBe(false);
  });
});

describe('history filters (spec §5)', () => {
  it('accepts a number with ms or s, converting seconds to ms', () => {
    expect(parseDurationFilter('250ms')).toEqual({ ok: true, ms: 250 });
    expect(parseDurationFilter(' 2s ')).toEqual({ ok: true, ms: 2000 });
    expect(parseDurationFilter('1.5s')).toEqual({ ok: true, ms: 1500 });
    for (const bad of ['5', '5m', 'fast', '', 's', '-1s']) {
      expect(parseDurationFilter(bad)).toEqual({ ok: false, error: durationError });
    }
    expect(durationError).toBe('duration is allowed only in milli seconds & seconds');
  });

  it('maps Healthy to 1 and Unhealthy to 0', () => {
    expect(historyStatusCode('healthy')).toBe(1);
    expect(historyStatusCode('unhealthy')).toBe(0);
    expect(historyStatusCode('all')).toBeUndefined();
  });
});

describe('refresh rate', () => {
  it('reads s, m, h, d and w; empty or unreadable means no interval', () => {
    expect(refreshIntervalMs('30s')).toBe(30_000);
    expect(refreshIntervalMs('5m')).toBe(300_000);
    expect(refreshIntervalMs('1h')).toBe(3_600_000);
    expect(refreshIntervalMs('1d')).toBe(86_400_000);
    expect(refreshIntervalMs('2w')).toBe(1_209_600_000);
    expect(refreshIntervalMs('')).toBe(false);
    expect(refreshIntervalMs('0s')).toBe(false);
    expect(refreshIntervalMs('5y')).toBe(false);
  });
});

describe('check modal actions', async () => {
  // Run Now follows the canaries.run capability of @opsdeck/rbac, tested there and in CheckModal.test.tsx.
  const { isExternallyDefined } = await import('./checkActions.ts');
  it('edits only canaries not defined by an external source', () => {
    expect(isExternallyDefined(null)).toBe(false);
    expect(isExternallyDefined('UI')).toBe(false);
    expect(isExternallyDefined('kubernetes/default/http-check')).toBe(true);
  });
});
