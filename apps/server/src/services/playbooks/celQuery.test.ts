// CEL's matchQuery and time.InTimeRange as rules and silences evaluate them (evaluateCel, the
// environment the notification engine and the playbook runner share), with the fixtures' own
// expressions read from shared/fixtures.
import { readFileSync } from 'node:fs';
import { fixturePath } from '@opsdeck/testing';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { evaluateCel } from './cel.ts';

const evaluate = (expression: string, variables: Record<string, unknown>) =>
  evaluateCel(expression, { variables, previous: [] });

const specOf = (path: string) =>
  (load(readFileSync(fixturePath(path), 'utf8')) as { spec: { filter: string } }).spec;

describe('matchQuery(resource, query)', () => {
  const check = {
    name: 'payments-api',
    type: 'tcp',
    status: 'unhealthy',
    labels: { 'Expected-Fail': 'false', 'app.kubernetes.io/name': 'payments' },
  };

  it("holds the check-label-match-query fixture's rule: not http, not expected to fail", () => {
    const { filter } = specOf('mission-control/notifications/check-label-match-query.yaml');
    expect(evaluate(filter, { check })).toBe(true);
    expect(evaluate(filter, { check: { ...check, type: 'http' } })).toBe(false);
    expect(
      evaluate(filter, {
        check: { ...check, labels: { ...check.labels, 'Expected-Fail': 'true' } },
      }),
    ).toBe(false);
  });

  it("holds the config-health-match-query fixture's rule: comma values, !=, tags", () => {
    const { filter } = specOf('mission-control/notifications/config-health-match-query.yaml');
    const config = { name: 'api-7d9', type: 'Kubernetes::Pod', tags: { cluster: 'prod' } };
    expect(evaluate(filter, { config })).toBe(true);
    expect(evaluate(filter, { config: { ...config, type: 'Kubernetes::Deployment' } })).toBe(true);
    expect(evaluate(filter, { config: { ...config, type: 'Kubernetes::Node' } })).toBe(false);
    expect(evaluate(filter, { config: { ...config, name: 'postgres' } })).toBe(false);
    expect(evaluate(filter, { config: { ...config, tags: { cluster: 'dev' } } })).toBe(false);
  });

  it('reads wildcards, name prefixes, -negation, map keys with dots and numeric comparisons', () => {
    expect(evaluate('matchQuery(check, "name=pay*")', { check })).toBe(true);
    expect(evaluate('matchQuery(check, "pay")', { check })).toBe(true);
    expect(evaluate('matchQuery(check, "-pay")', { check })).toBe(false);
    expect(evaluate('matchQuery(check, "labels.app.kubernetes.io/name=payments")', { check })).toBe(
      true,
    );
    expect(evaluate('matchQuery(check, "Expected-Fail=false")', { check })).toBe(true);
    expect(evaluate('matchQuery(c, "replicas>2")', { c: { replicas: 3 } })).toBe(true);
    expect(evaluate('matchQuery(c, "replicas<2")', { c: { replicas: 3 } })).toBe(false);
    expect(evaluate('matchQuery(c, "missing=x")', { c: {} })).toBe(false);
    expect(evaluate('matchQuery(c, "missing!=x")', { c: {} })).toBe(true);
  });
});

describe('time.InTimeRange(t, start, end)', () => {
  it("holds the checks-date-window silence fixture's window", () => {
    const { filter } = specOf('mission-control/silences/checks-date-window.yaml');
    const event = (time: string) => ({
      source_event: 'config.unhealthy',
      config: { type: 'MissionControl::Canary' },
      event_time: time,
    });
    expect(evaluate(filter, event('2026-11-28T06:30:00Z'))).toBe(true);
    expect(evaluate(filter, event('2026-11-28T06:00:00Z'))).toBe(true);
    expect(evaluate(filter, event('2026-11-28T07:00:00Z'))).toBe(false);
    expect(evaluate(filter, event('2026-11-28T05:59:59Z'))).toBe(false);
  });

  it('runs over midnight when the end is before the start, and takes HH:MM:SS', () => {
    const at = (time: string) =>
      evaluate('time.InTimeRange(t, "22:00", "02:00:30")', { t: `2026-11-28T${time}Z` });
    expect(at('23:10:00')).toBe(true);
    expect(at('02:00:10')).toBe(true);
    expect(at('02:01:00')).toBe(false);
    expect(at('12:00:00')).toBe(false);
  });

  it('says what is wrong with a time of day that is not one', () => {
    expect(() =>
      evaluate('time.InTimeRange(t, "6am", "07:00")', { t: '2026-11-28T06:30:00Z' }),
    ).toThrow(/"6am" is not a time of day such as 06:00/);
  });
});
