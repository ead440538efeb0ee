import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UrlTimeRangePicker } from '../TimeRangePicker/TimeRangePicker.tsx';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { useTriStateSearchParam } from '../TriState/useTriStateSearchParam.ts';
import { useHistoryUrlState } from './historyUrlState.ts';
import { useReactRouterUrlState } from './reactRouterUrlState.ts';
import { UrlLink } from './UrlLink.tsx';
import { UrlStateProvider, useUrlState } from './UrlState.tsx';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/health?status.filter=healthy:1'));

function Status() {
  const [selection] = useTriStateSearchParam('status.filter');
  const { searchParams } = useUrlState();
  return (
    <output data-testid="state">
      {JSON.stringify(selection)} {searchParams.toString()}
    </output>
  );
}

describe('one URL binding for every reader in ui', () => {
  it('reads filters and the time range through the binding it is given, with no router at all', async () => {
    const user = userEvent.setup();
    render(
      <UrlStateProvider binding={useHistoryUrlState}>
        <OpsdeckThemeProvider mode="light">
          <Status />
          <UrlTimeRangePicker />
          <UrlLink to="/topology/c1?tab=checks">Component</UrlLink>
        </OpsdeckThemeProvider>
      </UrlStateProvider>,
    );
    expect(screen.getByTestId('state').textContent).toContain('{"healthy":1}');
    await user.click(screen.getByRole('link', { name: 'Component' }));
    // The link moved the browser's history without a reload, and every reader followed.
    expect(window.location.pathname + window.location.search).toBe('/topology/c1?tab=checks');
    expect(screen.getByTestId('state').textContent).toBe('{} tab=checks');
  });

  it('navigates through react-router under its binding, and leaves modified clicks to the browser', async () => {
    function Where() {
      const location = useLocation();
      return <output data-testid="where">{location.pathname + location.search}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/health']}>
        <UrlStateProvider binding={useReactRouterUrlState}>
          <UrlLink to="/catalog?search=pods">Configs</UrlLink>
          <Where />
        </UrlStateProvider>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Configs' });
    expect(link.getAttribute('href')).toBe('/catalog?search=pods');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/health');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('where').textContent).toBe('/catalog?search=pods');
  });
});
