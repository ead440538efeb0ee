import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Tabs } from './Tabs.tsx';

const items = [
  { value: 'history', label: 'History', content: 'History panel' },
  { value: 'graph', label: 'Graph', disabled: true },
  { value: 'spec', label: 'Spec', content: 'Spec panel' },
  { value: 'rel', label: 'Relationships', content: 'Relationships panel' },
];

function renderTabs() {
  render(
    <OpsdeckThemeProvider>
      <button type="button">before</button>
      <Tabs aria-label="Check" items={items} />
    </OpsdeckThemeProvider>,
  );
}

describe('Tabs', () => {
  it('is one Tab stop and arrows move selection, skipping disabled tabs and wrapping', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'History' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Spec' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Spec panel');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Relationships' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'History' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Relationships' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('selects on click', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'Spec' }));
    expect(screen.getByRole('tabpanel', { name: 'Spec' }).textContent).toBe('Spec panel');
  });

  it('used as a bar without contents (the health page filters its list by tab), adds no empty panel to the page', async () => {
    const user = userEvent.setup();
    render(
      <OpsdeckThemeProvider>
        <Tabs
          aria-label="Namespaces"
          items={[
            { value: '', label: 'All' },
            { value: 'prod', label: 'prod' },
          ]}
        />
        <button type="button">after</button>
      </OpsdeckThemeProvider>,
    );
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-controls')).toBeNull();
    // Tab goes from the tabs straight on, not to an empty focusable panel.
    await user.click(screen.getByRole('tab', { name: 'prod' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
  });
});
