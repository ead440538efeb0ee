import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { Button } from './Button.tsx';

describe('Button', () => {
  it('activates with Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <OpsdeckThemeProvider>
        <Button onClick={onClick}>Save</Button>
      </OpsdeckThemeProvider>,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('shows a spinner, stays focusable and ignores clicks while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <OpsdeckThemeProvider>
        <Button loading onClick={onClick}>
          Save
        </Button>
      </OpsdeckThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId(testIds.button.spinner)).toBeTruthy();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    // Not disabled: focus stays on the busy button instead of falling back to the page.
    expect(document.activeElement).toBe(button);
  });

  it('does not submit a form while loading', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <OpsdeckThemeProvider>
        <form onSubmit={onSubmit}>
          <Button type="submit" loading>
            Save
          </Button>
        </form>
      </OpsdeckThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
