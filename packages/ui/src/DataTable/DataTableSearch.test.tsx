import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UrlStateProvider, type SetSearchParams, type UrlState } from '../routing/UrlState.tsx';
import { SEARCH_MAX_LENGTH } from '../format/inputLimits.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { DataTableRoot, DataTableToolbar, SEARCH_DEBOUNCE_MS } from './DataTableToolbar.tsx';
import { useDataTable } from './useDataTable.tsx';

interface Row {
  name: string;
}
const columns = [createColumnHelper<Row>().accessor('name', { header: 'Name' })];
const table = { id: 'things', searchKey: 'name' } as const;

// The URL as a data router keeps it: a write lands a moment after it is asked for (the router
// runs its loaders, then commits in a transition), and `land` lets the test say when.
let pending: (() => void)[] = [];
let written: string[] = [];
let navigate: (search: string) => void = () => undefined;
const land = () =>
  act(() => {
    for (const apply of pending.splice(0)) apply();
  });

function useLaggingUrlState(): UrlState {
  const [search, setSearch] = useState('');
  const latest = useRef(search);
  navigate = (next) => {
    latest.current = next;
    setSearch(next);
  };
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetSearchParams>((update) => {
    const next = update(new URLSearchParams(latest.current)).toString();
    written.push(next);
    pending.push(() => {
      latest.current = next;
      setSearch(next);
    });
  }, []);
  return useMemo(() => ({ searchParams, setSearchParams }), [searchParams, setSearchParams]);
}

function Things() {
  const dataTable = useDataTable({ ...table, columns, data: [], total: 0 });
  return (
    <DataTableRoot>
      <DataTableToolbar dataTable={dataTable} searchLabel="Search things" />
    </DataTableRoot>
  );
}

describe('the search box', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    pending = [];
    written = [];
    render(
      <UrlStateProvider binding={useLaggingUrlState}>
        <OpsdeckThemeProvider mode="light">
          <Things />
        </OpsdeckThemeProvider>
      </UrlStateProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search things' });
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const settle = () => act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10));

  it('keeps what was typed while the URL has not taken it yet, and the keys typed meanwhile', async () => {
    await user().type(box(), 'pod');
    await settle();
    expect(written).toEqual(['things.name.filter=pod']);
    // Written, not landed: the box still says what was typed, not the URL's old (empty) search.
    expect(box().value).toBe('pod');
    await user().type(box(), '-0');
    await land();
    expect(box().value).toBe('pod-0');
    await settle();
    expect(written.at(-1)).toBe('things.name.filter=pod-0');
    await land();
    expect(box().value).toBe('pod-0');
    // Typed after the write, before it lands: appended to the text, and written in its turn.
    await user().type(box(), '0');
    await settle();
    await user().type(box(), '1');
    await land();
    expect(box().value).toBe('pod-001');
    await settle();
    await land();
    expect(written.at(-1)).toBe('things.name.filter=pod-001');
    expect(box().value).toBe('pod-001');
  });

  it('shows a search the URL moves to by other means (Back, a link)', async () => {
    await user().type(box(), 'abc');
    await settle();
    await land();
    expect(box().value).toBe('abc');
    await act(() => navigate('things.name.filter=other'));
    expect(box().value).toBe('other');
    // A write overtaken by such a move before it lands gives the box to the URL as well.
    await user().type(box(), 'x');
    await settle();
    await act(() => navigate('things.name.filter=elsewhere'));
    expect(box().value).toBe('elsewhere');
  });

  it('stops a search at its length cap and says why, so a pasted page of text never reaches the server', async () => {
    const long = 'x'.repeat(5000);
    await user().click(box());
    await user().paste(long);
    await settle();
    expect(box().value).toHaveLength(SEARCH_MAX_LENGTH);
    expect(written.at(-1)).toBe(`things.name.filter=${'x'.repeat(SEARCH_MAX_LENGTH)}`);
    expect(screen.getByRole('status').textContent).toContain(`${SEARCH_MAX_LENGTH} characters`);
  });
});
