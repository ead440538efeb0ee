// @vitest-environment jsdom
import { OpsdeckThemeProvider } from '@opsdeck/ui';
import { expectNoAxeViolations } from '@opsdeck/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveIndicator } from './LiveIndicator.tsx';

afterEach(cleanup);

describe('the live indicator', () => {
  it.each([
    ['live', 'Live: changes appear as they happen', 'Live: changes appear as they happen'],
    ['reconnecting', 'Reconnecting…', 'Reconnecting…'],
    [
      'polling',
      'Polling: updates every 30 s, this backend has no change stream',
      'Updates every 30 s: this backend has no change stream',
    ],
  ] as const)('names the %s state and describes it in its tooltip', (mode, name, tooltip) => {
    render(
      <OpsdeckThemeProvider mode="light">
        <LiveIndicator mode={mode} />
      </OpsdeckThemeProvider>,
    );
    const status = screen.getByRole('status', { name });
    expect(status.getAttribute('title')).toBe(tooltip);
    // What a screen reader announces is the region's text: the word and the description.
    expect(status.textContent).toBe(name);
  });

  it('announces a change of state politely, in the same live region', () => {
    const { rerender } = render(
      <OpsdeckThemeProvider mode="light">
        <LiveIndicator mode="live" />
      </OpsdeckThemeProvider>,
    );
    const region = screen.getByRole('status', { name: /^Live/ });
    expect(region.getAttribute('aria-live')).toBe('polite');
    rerender(
      <OpsdeckThemeProvider mode="light">
        <LiveIndicator mode="reconnecting" />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('status', { name: 'Reconnecting…' })).toBe(region);
    expect(region.textContent).toBe('Reconnecting…');
  });

  it.each(['light', 'dark'] as const)('has no axe violations in %s mode', async (theme) => {
    const { container } = render(
      <OpsdeckThemeProvider mode={theme}>
        <main>
          <LiveIndicator mode="live" />
          <LiveIndicator mode="reconnecting" />
          <LiveIndicator mode="polling" />
        </main>
      </OpsdeckThemeProvider>,
    );
    await expectNoAxeViolations(container);
  });
});
