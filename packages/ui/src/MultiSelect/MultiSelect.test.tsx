import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { MultiSelect } from './MultiSelect.tsx';

const options = [
  { value: 'RUNNING', label: 'RUNNING' },
  { value: 'SUCCESS', label: 'SUCCESS' },
  { value: 'FAILED', label: 'FAILED' },
];

function Harness() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <OpsdeckThemeProvider>
      <MultiSelect label="Job status" options={options} value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </OpsdeckThemeProvider>
  );
}

describe('MultiSelect', () => {
  it('selects everything with select-all and clears everything when it is removed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Job status' }));
    const listbox = screen.getByRole('listbox', { name: 'Job status' });
    expect(listbox.getAttribute('aria-multiselectable')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Select all' }));
    expect(screen.getByRole('status').textContent).toBe('RUNNING,SUCCESS,FAILED');
    expect(screen.getByRole('option', { name: 'Select all' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('combobox').textContent).toContain('All');
    await user.click(screen.getByRole('option', { name: 'Select all' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('toggles options with Space and stays open, and select-all is unticked when one is removed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{ArrowDown}'); // opens on "Select all"
    await user.keyboard(' ');
    expect(screen.getByRole('status').textContent).toBe('RUNNING,SUCCESS,FAILED');
    await user.keyboard('{End} ');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('RUNNING,SUCCESS');
    expect(screen.getByRole('option', { name: 'Select all' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox').textContent).toContain('RUNNING, SUCCESS');
  });
});
