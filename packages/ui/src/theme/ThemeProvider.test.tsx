import { render, renderHook, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import styled from 'styled-components';
import { OpsdeckThemeProvider, useThemeMode } from './ThemeProvider.tsx';

const Swatch = styled.div`
  background: ${({ theme }) => theme.colors.background};
`;

function ModeSwitcher() {
  const { mode, preference, setPreference } = useThemeMode();
  return (
    <div>
      <Swatch data-testid="swatch">
        {preference}:{mode}
      </Swatch>
      <button type="button" onClick={() => setPreference('dark')}>
        Dark
      </button>
    </div>
  );
}

function fakeMatchMedia(prefersDark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: prefersDark && query.includes('dark'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OpsdeckThemeProvider', () => {
  it('follows the OS by default', () => {
    fakeMatchMedia(true);
    render(
      <OpsdeckThemeProvider>
        <ModeSwitcher />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByTestId('swatch')).toHaveProperty('textContent', 'system:dark');
  });

  it('switches to the chosen mode and remembers it under the storage key', async () => {
    fakeMatchMedia(false);
    const { unmount } = render(
      <OpsdeckThemeProvider storageKey="opsdeck-theme">
        <ModeSwitcher />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByTestId('swatch').textContent).toBe('system:light');
    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(screen.getByTestId('swatch').textContent).toBe('dark:dark');
    unmount();

    render(
      <OpsdeckThemeProvider storageKey="opsdeck-theme">
        <ModeSwitcher />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByTestId('swatch').textContent).toBe('dark:dark');
  });

  it('reports the choice and keeps showing a controlled mode', async () => {
    const onModeChange = vi.fn();
    render(
      <OpsdeckThemeProvider mode="light" onModeChange={onModeChange}>
        <ModeSwitcher />
      </OpsdeckThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(onModeChange).toHaveBeenCalledWith('dark');
    expect(screen.getByTestId('swatch').textContent).toBe('light:light');
  });

  it('throws when useThemeMode is used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useThemeMode())).toThrow(/OpsdeckThemeProvider/);
  });
});
