import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatLocalMoment } from '../format/age.ts';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Moment } from './Moment.tsx';

const now = Date.parse('2026-11-27T13:39:24Z');

describe('Moment', () => {
  it('shows a past moment as "ago" and, on keyboard focus, the absolute time in the user’s zone', async () => {
    const user = userEvent.setup();
    render(
      <OpsdeckThemeProvider>
        {/* As PostgREST writes it: no T, a bare hour offset. */}
        <Moment value="2026-11-27 13:17:24+00" now={now} prefix="Scraped" />
      </OpsdeckThemeProvider>,
    );
    const time = screen.getByText('Scraped 22m ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-27T13:17:24.000Z');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(time);
    const absolute = formatLocalMoment('2026-11-27T13:17:24Z');
    expect(screen.getByRole('tooltip').textContent).toBe(absolute);
    // The user's zone, named; never the raw stored form.
    expect(absolute).not.toContain('+00');
    expect(absolute).toMatch(/2026/);
    expect(absolute).toMatch(/:17:24/);
  });

  it('says "in" for a moment to come, and nothing (or the fallback) for none', () => {
    render(
      <OpsdeckThemeProvider>
        <Moment value="2026-11-27T13:44:24Z" now={now} />
        <Moment value={null} now={now} fallback="never" />
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByText('in 5m')).toBeTruthy();
    expect(screen.getByText('never')).toBeTruthy();
  });
});
