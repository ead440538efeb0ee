import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { RefreshCw } from '../icons/index.ts';
import { IconButton } from './IconButton.tsx';

describe('IconButton', () => {
  it('is named by its label and activates from the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <OpsdeckThemeProvider>
        <IconButton label="Refresh" icon={<RefreshCw size={16} />} onClick={onClick} />
      </OpsdeckThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button.getAttribute('title')).toBe('Refresh');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
