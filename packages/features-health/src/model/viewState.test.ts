// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  applyHealthViewState,
  defaultHealthViewState,
  parseHealthViewState,
  type HealthViewState,
} from './viewState.ts';

describe('health view URL state', () => {
  it('reads the spec defaults from an empty URL', () => {
    expect(parseHealthViewState(new URLSearchParams())).toEqual(defaultHealthViewState);
    expect(defaultHealthViewState).toMatchObject({
      groupBy: 'canary_name',
      tabBy: 'namespace',
      hidePassing: true,
      layout: 'table',
      timeRange: '1h',
    });
  });

  it('round-trips every choice, so a link reproduces the view', () => {
    const view: HealthViewState = {
      search: 'cart api',
      groupBy: 'label:team',
      tabBy: 'agent',
      tab: 'local',
      hidePassing: false,
      labels: 'env=prod:1,critical=true:-1',
      layout: 'card',
      sortBy: 'latency',
      sortOrder: 'desc',
      checkId: 'abc',
      timeRange: '3d',
    };
    const params = applyHealthViewState(new URLSearchParams('other=kept'), view);
    const reread = parseHealthViewState(new URLSearchParams(params.toString()));
    expect(reread).toEqual(view);
    expect(params.get('other')).toBe('kept');
  });

  it('keeps links short by leaving defaults out', () => {
    const params = applyHealthViewState(new URLSearchParams('groupBy=type&hidePassing=false'), {
      groupBy: 'canary_name',
      hidePassing: true,
      checkId: null,
    });
    expect(params.toString()).toBe('');
  });

  it('writes the time range with the check id when the modal opens, even the default one', () => {
    const opened = applyHealthViewState(new URLSearchParams('search=api'), {
      checkId: 'c1',
      timeRange: '1h',
    });
    expect(opened.get('checkId')).toBe('c1');
    expect(opened.get('timeRange')).toBe('1h');
    const paged = new URLSearchParams(opened);
    paged.set('history.pageIndex', '2');
    paged.set('history.status.filter', 'healthy');
    const closed = applyHealthViewState(paged, { checkId: null, timeRange: '1h' });
    expect(closed.toString()).toBe('search=api');
  });

  it('falls back to defaults for unknown values', () => {
    const view = parseHealthViewState(
      new URLSearchParams(
        'groupBy=bogus&tabBy=label:&layout=grid&sortBy=x&sortOrder=up&timeRange=7h&labels=junk',
      ),
    );
    expect(view).toEqual(defaultHealthViewState);
  });

  it('returns to the All tab when Tab By changes', () => {
    const params = applyHealthViewState(new URLSearchParams('tab=prod'), { tabBy: 'agent' });
    expect(params.get('tab')).toBeNull();
    expect(params.get('tabBy')).toBe('agent');
    expect(
      applyHealthViewState(new URLSearchParams('tab=prod'), { tabBy: 'namespace' }).get('tab'),
    ).toBe('prod');
  });
});
