import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Exploding({ explode }: { explode: boolean }) {
  if (explode) throw new Error('kaboom');
  return <p>fine</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the product sentence and logs the error to the console', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <OpsdeckThemeProvider>
        <ErrorBoundary>
          <Exploding explode />
        </ErrorBoundary>
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Sorry.. there was an error');
    expect(
      log.mock.calls.some(
        (call) =>
          call.includes('Sorry.. there was an error') &&
          call.some((a) => a instanceof Error && a.message === 'kaboom'),
      ),
    ).toBe(true);
  });

  it('renders a custom fallback that can reset', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Harness() {
      const [explode, setExplode] = useState(true);
      return (
        <ErrorBoundary
          fallback={(error, reset) => (
            <button
              type="button"
              onClick={() => {
                setExplode(false);
                reset();
              }}
            >
              Retry after {error.message}
            </button>
          )}
        >
          <Exploding explode={explode} />
        </ErrorBoundary>
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry after kaboom' }));
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
