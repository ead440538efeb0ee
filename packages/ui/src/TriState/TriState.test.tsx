import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useReactRouterUrlState } from '../routing/reactRouterUrlState.ts';
import { UrlStateProvider } from '../routing/UrlState.tsx';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/index.ts';
import { testIds } from '../testIds.ts';
import type { TriStateSelection, TriStateValue } from './triState.ts';
import { TriStateFilter, type TriStateFilterProps } from './TriStateFilter.tsx';
import { TriStateToggle } from './TriStateToggle.tsx';
import { useTriStateSearchParam } from './useTriStateSearchParam.ts';

const options = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'unknown', label: 'Unknown' },
  { value: 'warning', label: 'Warning' },
];

function Toggle({ initial = 0 as TriStateValue }) {
  const [value, setValue] = useState<TriStateValue>(initial);
  return (
    <OpsdeckThemeProvider mode="light">
      <TriStateToggle label="web" value={value} onChange={setValue} />
      <output>{value}</output>
    </OpsdeckThemeProvider>
  );
}

function Filter(props: Partial<TriStateFilterProps> & { initial?: TriStateSelection }) {
  const [value, setValue] = useState<TriStateSelection>(props.initial ?? {});
  return (
    <OpsdeckThemeProvider mode="light">
      <TriStateFilter
        label="Status"
        options={options}
        {...props}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </OpsdeckThemeProvider>
  );
}

// The 20 s timeouts below are a safety net for a loaded shared CI machine, not a performance target.
describe('TriStateToggle', { timeout: 20_000 }, () => {
  it('includes, excludes and returns to neutral when the pressed state is clicked again', async () => {
    const user = userEvent.setup();
    render(<Toggle />);
    const include = screen.getByRole('button', { name: 'Include web' });
    const exclude = screen.getByRole('button', { name: 'Exclude web' });
    expect(include.getAttribute('aria-pressed')).toBe('false');

    await user.click(include);
    expect(include.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('1');

    await user.click(exclude);
    expect(exclude.getAttribute('aria-pressed')).toBe('true');
    expect(include.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('-1');

    await user.click(exclude);
    expect(exclude.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('0');
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Toggle />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Include web' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toContain('1');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('status').textContent).toContain('-1');
  });

  it('is named as a group for its option', () => {
    render(<Toggle />);
    expect(screen.getByRole('group', { name: 'web' })).not.toBeNull();
  });
});

describe('TriStateFilter', { timeout: 20_000 }, () => {
  it('includes a picked option and includes/excludes through the buttons', async () => {
    const user = userEvent.setup();
    render(<Filter />);
    const trigger = screen.getByTestId(testIds.triStateFilter.trigger);
    expect(trigger.textContent).toContain('All');
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByText('Healthy'));
    expect(screen.getByTestId('value').textContent).toContain('{"healthy":1}');
    await user.click(screen.getByRole('button', { name: 'Exclude Unknown' }));
    expect(screen.getByTestId('value').textContent).toContain('{"healthy":1,"unknown":-1}');
    expect(trigger.textContent).toContain('Healthy, not Unknown');

    // Picking an included option again clears it.
    await user.click(screen.getByText('Healthy'));
    expect(screen.getByTestId('value').textContent).toContain('{"unknown":-1}');
  });

  it("summarises four or more selections as 'N Items'", () => {
    render(<Filter initial={{ healthy: 1, unhealthy: 1, unknown: -1 }} />);
    expect(screen.getByTestId(testIds.triStateFilter.trigger).textContent).toContain(
      'Healthy, Unhealthy, not Unknown',
    );
  });

  it("reads '4 Items' once a fourth option is chosen", async () => {
    const user = userEvent.setup();
    render(<Filter initial={{ healthy: 1, unhealthy: 1, unknown: -1 }} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Include Warning' }));
    expect(screen.getByTestId(testIds.triStateFilter.trigger).textContent).toContain('4 Items');
  });

  it('replaces an option with the same key prefix in tag mode', async () => {
    const user = userEvent.setup();
    const tags = [
      { value: 'namespace=default', label: 'namespace=default' },
      { value: 'namespace=prod', label: 'namespace=prod' },
      { value: 'cluster=a', label: 'cluster=a' },
    ];
    render(
      <Filter
        options={tags}
        tagMode
        defaultOpen
        initial={{ 'namespace=default': 1, 'cluster=a': 1 }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Exclude namespace=prod' }));
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      'cluster=a': 1,
      'namespace=prod': -1,
    });
  });

  it('is keyboard operable: open with Enter, arrows move, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    render(<Filter />);
    await user.tab();
    const trigger = screen.getByTestId(testIds.triStateFilter.trigger);
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{Enter}');
    const panel = screen.getByTestId(testIds.triStateFilter.panel);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Select all' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Include Healthy' }),
    );
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Include Unhealthy' }),
    );
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Exclude Unhealthy' }),
    );
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toContain('{"unhealthy":-1}');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Exclude Healthy' }),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId(testIds.triStateFilter.panel)).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('selects everything with select-all, and clears everything when it is removed', async () => {
    const user = userEvent.setup();
    render(<Filter initial={{ unknown: -1 }} defaultOpen />);
    const selectAll = screen.getByRole('button', { name: 'Select all' });
    expect(selectAll.getAttribute('aria-pressed')).toBe('false');
    await user.click(selectAll);
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({
      healthy: 1,
      unhealthy: 1,
      unknown: 1,
      warning: 1,
    });
    expect(selectAll.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId(testIds.triStateFilter.trigger).textContent).toContain('4 Items');
    await user.click(selectAll);
    expect(screen.getByTestId('value').textContent).toBe('{}');
  });

  it('searches long option lists; arrows still reach the options', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({
      value: `svc-${i}`,
      label: `Service ${i}`,
    }));
    render(<Filter options={many} defaultOpen />);
    const search = screen.getByRole('searchbox', { name: 'Search Status' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('service 1');
    expect(
      screen
        .getAllByRole('group')
        .slice(1)
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Service 1', 'Service 10', 'Service 11']);
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Include Service 1' }));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('{"svc-1":1}');
    await user.clear(search);
    await user.type(search, 'nothing');
    expect(screen.getByText('No matching options')).toBeTruthy();
  });

  it('offers no select-all in tag mode', () => {
    render(<Filter tagMode defaultOpen />);
    expect(screen.queryByRole('button', { name: 'Select all' })).toBeNull();
  });

  it('clears every selection', async () => {
    const user = userEvent.setup();
    render(<Filter initial={{ healthy: 1, unknown: -1 }} defaultOpen />);
    await user.click(screen.getByTestId(testIds.triStateFilter.clear));
    expect(screen.getByTestId('value').textContent).toContain('{}');
  });

  it('cannot be opened when disabled', async () => {
    const user = userEvent.setup();
    render(<Filter disabled />);
    await user.click(screen.getByTestId(testIds.triStateFilter.trigger));
    expect(screen.queryByTestId(testIds.triStateFilter.panel)).toBeNull();
  });
});

function UrlFilter() {
  const [value, setValue] = useTriStateSearchParam('status.filter', { resetParams: ['pageIndex'] });
  const location = useLocation();
  return (
    <OpsdeckThemeProvider mode="light">
      <TriStateFilter
        label="Status"
        options={options}
        value={value}
        onChange={setValue}
        defaultOpen
      />
      <output data-testid="search">{location.search}</output>
    </OpsdeckThemeProvider>
  );
}

describe('useTriStateSearchParam', { timeout: 20_000 }, () => {
  it('reads the selection from {key}.filter and writes changes back, resetting the page', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/health?pageIndex=2&status.filter=healthy:1']}>
        <UrlStateProvider binding={useReactRouterUrlState}>
          <UrlFilter />
        </UrlStateProvider>
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('button', { name: 'Include Healthy' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Exclude Unknown' }));
    expect(
      new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('status.filter'),
    ).toBe('healthy:1,unknown:-1');
    expect(screen.getByTestId('search').textContent).not.toContain('pageIndex');
    await user.click(screen.getByTestId(testIds.triStateFilter.clear));
    expect(screen.getByTestId('search').textContent ?? '').toBe('');
  });
});
