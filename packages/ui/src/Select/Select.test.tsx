import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Select } from './Select.tsx';

const options = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'skip', label: 'Skipped', disabled: true },
  { value: 'unhealthy', label: 'Unhealthy' },
];

function Harness() {
  const [value, setValue] = useState('all');
  return (
    <OpsdeckThemeProvider>
      <Select label="Status" options={options} value={value} onChange={setValue} />
      <output>{value}</output>
    </OpsdeckThemeProvider>
  );
}

describe('Select', () => {
  it('opens with the keyboard, moves past disabled options and picks with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    const combobox = screen.getByRole('combobox', { name: 'Status' });
    expect(document.activeElement).toBe(combobox);
    await user.keyboard('{ArrowDown}');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Status' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Unhealthy' }).id,
    );
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('unhealthy');
    expect(combobox.textContent).toContain('Unhealthy');
    expect(document.activeElement).toBe(combobox);
  });

  it('closes on Escape without changing the value, and picks with a click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard(' ');
    await user.keyboard('{End}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('all');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Healthy' }));
    expect(screen.getByRole('status').textContent).toBe('healthy');
  });
});
