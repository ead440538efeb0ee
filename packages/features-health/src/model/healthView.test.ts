// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeCheck } from './checks.test.helper.ts';
import { groupNumberOf, isGroupRow } from './grouping.ts';
import { createHealthViewModel, type HealthViewInput } from './healthView.ts';
import { defaultHealthViewState } from './viewState.ts';

const base: HealthViewInput = { ...defaultHealthViewState };
const none = new Set<string>();

function estate(n: number) {
  return Array.from({ length: n }, (_, i) =>
    makeCheck({
      name: `svc-${i}-${i % 7 === 0 ? 'payments' : 'cart'}`,
      canary_name: `canary-${i % 50}`,
      namespace: `ns-${i % 4}`,
      status: i % 3 === 0 ? 'unhealthy' : 'healthy',
      labels: { env: i % 2 ? 'prod' : 'dev', critical: i % 5 === 0 ? 'true' : 'false' },
    }),
  );
}

describe('the health view pipeline', () => {
  it('applies tab, labels, Hide Passing, search and grouping together', () => {
    const checks = estate(30);
    const view = createHealthViewModel()(
      checks,
      { ...base, tab: 'ns-0', labels: 'env=dev:1', search: 'PAYMENTS' },
      none,
    );
    const shown = Array.from(view.rows.rows)
      .filter((entry) => !isGroupRow(entry))
      .map((i) => checks[i]!);
    // ns-0 is every 4th check, dev every even one, unhealthy every 3rd, payments every 7th: i = 0 and 84…; only 0 within 30.
    expect(shown.map((c) => c.name)).toEqual(['svc-0-payments']);
    expect(view.tabs[0]).toEqual({ value: '', count: 30 });
    expect(view.labelOptions.map((o) => [o.key, o.boolean])).toEqual([
      ['critical', true],
      ['env', false],
    ]);
    const first = view.rows.rows[0]!;
    expect(isGroupRow(first) && view.rows.groups[groupNumberOf(first)]!.key).toBe('canary-0');
  });

  it('reruns only search and grouping on a keystroke, and narrows an extended query correctly', () => {
    const checks = estate(2000);
    const compute = createHealthViewModel();
    const before = compute(checks, { ...base, hidePassing: false, search: 'svc-1' }, none);
    const after = compute(checks, { ...base, hidePassing: false, search: 'svc-12' }, none);
    expect(after.prepared).toBe(before.prepared);
    expect(after.labelOptions).toBe(before.labelOptions);
    expect(after.labelFilter).toBe(before.labelFilter);
    const expected = checks.filter((c) => c.name.includes('svc-12')).length;
    expect(after.rows.checkCount).toBe(expected);
    // Deleting characters widens again from the full list, not from the narrowed one.
    const back = compute(checks, { ...base, hidePassing: false, search: 'svc' }, none);
    expect(back.rows.checkCount).toBe(2000);
    // The same input gives the same rows object: React can skip the render.
    expect(compute(checks, { ...base, hidePassing: false, search: 'svc' }, none).rows).toBe(
      back.rows,
    );
  });

  it('keeps working at 50,000 checks', () => {
    const checks = estate(50_000);
    const view = createHealthViewModel()(
      checks,
      { ...base, groupBy: 'none', search: 'payments' },
      none,
    );
    const expected = checks.filter(
      (c) => c.status === 'unhealthy' && c.name.includes('payments'),
    ).length;
    expect(view.rows.rows.length).toBe(expected);
  });
});
