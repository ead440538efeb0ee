import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { useReactRouterUrlState } from '../routing/reactRouterUrlState.ts';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/index.ts';
import { testIds } from '../testIds.ts';
import { RECENT_TIME_RANGES_STORAGE_KEY } from './recent.ts';
import { UrlTimeRangePicker, type UrlTimeRangePickerProps } from './TimeRangePicker.tsx';

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPicker(url = '/jobs', props: UrlTimeRangePickerProps = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <UrlStateProvider binding={useReactRouterUrlState}>
        <OpsdeckThemeProvider mode="light">
          <UrlTimeRangePicker {...props} />
          <Search />
        </OpsdeckThemeProvider>
      </UrlStateProvider>
    </MemoryRouter>,
  );
}

const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
const trigger = () => screen.getByTestId(testIds.timeRangePicker.trigger);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

// Interaction-heavy tests share a 2-core machine with the whole workspace: a generous timeout
// keeps them from flaking under load (it is a safety net, not a performance target).
describe('TimeRangePicker', { timeout: 20_000 }, () => {
  it("reads 'Please select time range', or 'Indefinitely' when an empty range is allowed", () => {
    const { unmount } = renderPicker();
    expect(trigger().textContent).toContain('Please select time range');
    unmount();
    renderPicker('/jobs', { allowIndefinite: true });
    expect(trigger().textContent).toContain('Indefinitely');
  });

  it('names an empty range by its indefiniteLabel when one is given', () => {
    renderPicker('/jobs', { allowIndefinite: true, indefiniteLabel: 'All time' });
    expect(trigger().textContent).toContain('All time');
    expect(trigger().textContent).not.toContain('Indefinitely');
  });

  it('applies a past relative range to the URL and closes, returning focus', async () => {
    const user = userEvent.setup();
    renderPicker('/jobs?pageIndex=3', { resetParams: ['pageIndex'] });
    await user.click(trigger());
    const dialog = screen.getByRole('dialog', { name: 'Time range' });
    expect(within(dialog).getByRole('button', { name: '5 minutes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '5 years' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '2 days' }));
    expect(search().get('rangeType')).toBe('relative');
    expect(search().get('timeRange')).toBe('now-2d');
    expect(search().has('pageIndex')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().textContent).toContain('2 days');
  });

  it('marks the current range as pressed', async () => {
    const user = userEvent.setup();
    renderPicker('/jobs?rangeType=relative&timeRange=now-1h');
    await user.click(trigger());
    expect(screen.getByRole('button', { name: '1 hour' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: '2 hours' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('lists future ranges with showFutureTimeRanges', async () => {
    const user = userEvent.setup();
    renderPicker('/jobs', { showFutureTimeRanges: true });
    await user.click(trigger());
    expect(screen.queryByRole('button', { name: '2 days' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next 2 days' }));
    expect(search().get('timeRange')).toBe('now+2d');
  });

  it('applies a quick range as a mapped range', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(search().get('rangeType')).toBe('mapped');
    expect(search().get('timeRange')).toBe('previousMonth');
    expect(trigger().textContent).toContain('Previous month');
  });

  it('keeps Submit disabled until from and to are set, focuses to after from, and applies Custom', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(trigger());
    const submit = screen.getByTestId(testIds.timeRangePicker.submit) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-11-01T08:00' } });
    expect(document.activeElement).toBe(to);
    expect(submit.disabled).toBe(true);
    fireEvent.change(to, { target: { value: '2026-11-02T09:30' } });
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    expect(search().get('rangeType')).toBe('absolute');
    expect(search().get('from')).toMatch(/^2026-11-01T08:00:00\.000/);
    expect(search().get('to')).toMatch(/^2026-11-02T09:30:00\.000/);
    expect(trigger().textContent).toContain('Custom');
    expect(trigger().getAttribute('aria-label')).toContain('2026-11-01 08:00:00');
    // Label in name: what the button shows is part of what it is called.
    expect(trigger().getAttribute('aria-label')).toContain(trigger().textContent);
  });

  it('opens the calendar when from or to is clicked', async () => {
    const user = userEvent.setup();
    const showPicker = vi.fn();
    // jsdom has no calendar; stand in for the browser's picker to see it asked for.
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
      value: showPicker,
      configurable: true,
    });
    try {
      renderPicker();
      await user.click(trigger());
      await user.click(screen.getByLabelText('From'));
      await user.click(screen.getByLabelText('To'));
      expect(showPicker).toHaveBeenCalledTimes(2);
    } finally {
      Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
    }
  });

  it("refuses a 'from' after 'to' and says why", async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(trigger());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-03T08:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02T08:00' } });
    expect(screen.getByText("'From' must be before 'To'")).toBeTruthy();
    expect((screen.getByTestId(testIds.timeRangePicker.submit) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Enter}');
    expect(search().has('from')).toBe(false);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-04T08:00' } });
    expect(screen.queryByText("'From' must be before 'To'")).toBeNull();
  });

  it('remembers the last five absolute ranges in this browser', async () => {
    const user = userEvent.setup();
    const earlier = ['01', '02', '03', '04', '05'].map((day) => ({
      type: 'absolute',
      display: 'Custom',
      from: `2026-10-${day}T00:00:00.000Z`,
      to: `2026-10-${day}T12:00:00.000Z`,
    }));
    localStorage.setItem(RECENT_TIME_RANGES_STORAGE_KEY, JSON.stringify(earlier.reverse()));
    renderPicker();
    await user.click(trigger());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-06T00:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-06T12:00' } });
    await user.click(screen.getByTestId(testIds.timeRangePicker.submit));

    const stored = JSON.parse(localStorage.getItem(RECENT_TIME_RANGES_STORAGE_KEY) ?? '[]') as {
      from: string;
    }[];
    expect(stored.map((r) => r.from.slice(8, 10))).toEqual(['06', '05', '04', '03', '02']);

    await user.click(trigger());
    const recent = screen.getByRole('region', { name: 'Recently used' });
    const choices = within(recent).getAllByRole('button');
    expect(choices).toHaveLength(5);
    await user.click(choices[2] as HTMLElement);
    expect(search().get('from')).toBe('2026-10-04T00:00:00.000Z');
  });

  it('Clear removes every time parameter from the URL and keeps the others', async () => {
    const user = userEvent.setup();
    renderPicker(
      '/jobs?rangeType=absolute&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&timeRange=now-1h&duration=5&sortBy=name',
      {
        extraParams: ['duration'],
      },
    );
    await user.click(trigger());
    await user.click(screen.getByTestId(testIds.timeRangePicker.clear));
    expect(screen.getByTestId('search').textContent).toBe('?sortBy=name');
    expect(trigger().textContent).toContain('Please select time range');
  });

  it('is keyboard operable: Enter opens, Tab reaches the ranges, Escape closes', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.tab();
    expect(document.activeElement).toBe(trigger());
    await user.keyboard('{Enter}');
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('From'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    await user.keyboard(' ');
    const today = screen.getByRole('button', { name: 'Today' });
    today.focus();
    await user.keyboard('{Enter}');
    expect(search().get('timeRange')).toBe('today');
  });

  it('logs an invalid range in the URL and shows no range', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPicker('/jobs?timeRange=now-2x');
    expect(log).toHaveBeenCalledWith('Invalid relative time range', 'now-2x');
    expect(trigger().textContent).toContain('Please select time range');
  });

  it('cannot be opened when disabled', async () => {
    const user = userEvent.setup();
    renderPicker('/jobs', { disabled: true });
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
