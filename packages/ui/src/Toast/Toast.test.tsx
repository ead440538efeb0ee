import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './Toast.tsx';

function Triggers() {
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          toast.success('Linked to incident successfully', {
            link: { href: '/incidents/42', label: 'View incident' },
          })
        }
      >
        Link
      </button>
      <button type="button" onClick={() => toast.error('An error occurred')}>
        Fail
      </button>
    </>
  );
}

function renderToasts() {
  render(
    <OpsdeckThemeProvider>
      <ToastProvider>
        <Triggers />
      </ToastProvider>
    </OpsdeckThemeProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Toasts', () => {
  it('shows a success toast with its link and removes it after 5000 ms', async () => {
    vi.useFakeTimers();
    renderToasts();
    // fireEvent, not user-event: Testing Library's async wrapper waits on a timer that fake timers freeze.
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Linked to incident successfully');
    expect(screen.getByRole('link', { name: 'View incident' }).getAttribute('href')).toBe(
      '/incidents/42',
    );

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces errors as alerts and lets the user dismiss them early', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toContain('An error occurred');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stacks toasts in a labelled region', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.children).toHaveLength(2);
  });

  it('shows one failure reported twice as one toast, kept up from the second report', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    // Once gone, the same words may be shown again.
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('throws when useToast is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow(/ToastProvider/);
  });
});
