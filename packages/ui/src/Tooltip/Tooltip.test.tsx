import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('describes its trigger on focus and hides on Escape and blur', async () => {
    const user = userEvent.setup();
    render(
      <OpsdeckThemeProvider>
        <Tooltip content="Runs the check now">
          <button type="button">Run Now</button>
        </Tooltip>
        <button type="button">next</button>
      </OpsdeckThemeProvider>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Run Now' });
    expect(trigger).toBe(document.activeElement);
    expect(screen.getByRole('tooltip').textContent).toBe('Runs the check now');
    expect(screen.getByRole('button', { name: 'Run Now', description: 'Runs the check now' })).toBe(
      trigger,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(trigger);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
