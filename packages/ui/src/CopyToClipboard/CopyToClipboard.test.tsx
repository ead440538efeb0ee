import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { ToastProvider } from '../Toast/Toast.tsx';
import { CopyToClipboard } from './CopyToClipboard.tsx';
import { copyText } from './copyText.ts';

function renderCopy() {
  render(
    <OpsdeckThemeProvider>
      <ToastProvider>
        <CopyToClipboard value="kubectl get canaries -A" />
      </ToastProvider>
    </OpsdeckThemeProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CopyToClipboard', () => {
  it('copies the value and says so', async () => {
    const user = userEvent.setup(); // installs a working clipboard on navigator
    renderCopy();
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe('kubectl get canaries -A');
    expect((await screen.findByRole('status')).textContent).toContain('Copied to clipboard');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderCopy();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe('kubectl get canaries -A');
  });

  it('reports a missing clipboard', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderCopy();
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Clipboard not available');
  });

  it('reports a refused write', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    renderCopy();
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to copy to clipboard');
  });
});

describe('copyText', () => {
  it('says how the copy went', async () => {
    expect(await copyText('x', null)).toBe('unavailable');
    expect(await copyText('x', { writeText: () => Promise.resolve() })).toBe('copied');
    expect(await copyText('x', { writeText: () => Promise.reject(new Error('no')) })).toBe(
      'failed',
    );
  });
});
