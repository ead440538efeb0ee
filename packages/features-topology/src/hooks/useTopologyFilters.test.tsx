import { UrlStateProvider, useHistoryUrlState } from '@opsdeck/ui';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTopologyFilters } from './useTopologyFilters.ts';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/topology?team=payments&size=large'));

// No router here: the browser's history is the app's binding, as in an app without react-router.
const withHistory = ({ children }: { children: ReactNode }) => (
  <UrlStateProvider binding={useHistoryUrlState}>{children}</UrlStateProvider>
);

describe('useTopologyFilters', () => {
  it('reads and writes the filters through the URL binding it is given, with no router', () => {
    const { result } = renderHook(() => useTopologyFilters(), { wrapper: withHistory });
    expect(result.current[0]).toMatchObject({ team: 'payments', size: 'large', sortBy: 'status' });
    const entries = window.history.length;

    act(() => result.current[1]({ team: 'platform', hidePassing: true }));

    const written = new URLSearchParams(window.location.search);
    expect(written.get('team')).toBe('platform');
    expect(written.get('size')).toBe('large');
    expect(result.current[0]).toMatchObject({ team: 'platform', hidePassing: true, size: 'large' });
    expect(result.current[2].get('team')).toBe('platform');
    // A filter change replaces the entry: back leaves the page, not the last filter.
    expect(window.history.length).toBe(entries);
  });
});
