import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { DropdownMenu } from './DropdownMenu.tsx';

function renderMenu() {
  const run = vi.fn();
  const remove = vi.fn();
  render(
    <OpsdeckThemeProvider>
      <DropdownMenu
        label="Actions"
        items={[
          { id: 'run', label: 'Run Now', onSelect: run },
          { id: 'silence', label: 'Silence', disabled: true, onSelect: vi.fn() },
          { id: 'delete', label: 'Delete', onSelect: remove },
        ]}
      />
    </OpsdeckThemeProvider>,
  );
  return { run, remove };
}

describe('DropdownMenu', () => {
  it('opens from the keyboard, skips disabled items and activates with Enter', async () => {
    const user = userEvent.setup();
    const { remove } = renderMenu();
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Actions' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Run Now' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('wraps with arrows, opens at the end with ArrowUp, closes on Escape back to the trigger', async () => {
    const user = userEvent.setup();
    const { run } = renderMenu();
    await user.tab();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Run Now' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard(' ');
    await user.keyboard(' ');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('opens on click, activates items by mouse and ignores disabled ones', async () => {
    const user = userEvent.setup();
    const { run } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Silence' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Run Now' }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('opens upwards when the menu would run past the bottom of the window and fits above', async () => {
    const user = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    // jsdom lays nothing out: the trigger sits at the window's bottom edge, as in a modal's footer.
    const rects = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const top = this === trigger ? window.innerHeight - 40 : window.innerHeight;
      const height = this === trigger ? 32 : 120;
      return DOMRect.fromRect({ x: 0, y: top, width: 180, height });
    });
    await user.click(trigger);
    expect(screen.getByRole('menu').getAttribute('data-side')).toBe('top');
    await user.keyboard('{Escape}');
    rects.mockImplementation(() => DOMRect.fromRect({ x: 0, y: 10, width: 180, height: 120 }));
    await user.click(trigger);
    expect(screen.getByRole('menu').getAttribute('data-side')).toBe('bottom');
    rects.mockRestore();
  });

  it('names an icon-only trigger by its label without showing the label as text', async () => {
    const user = userEvent.setup();
    const remove = vi.fn();
    render(
      <OpsdeckThemeProvider>
        <DropdownMenu
          label="Actions for Val Viewer"
          icon={<span>⋮</span>}
          items={[{ id: 'remove', label: 'Remove user', onSelect: remove }]}
        />
      </OpsdeckThemeProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions for Val Viewer' });
    expect(trigger.textContent).toBe('⋮');
    expect(screen.queryByText('Actions for Val Viewer')).toBeNull();
    await user.click(trigger);
    expect(screen.getByRole('menu', { name: 'Actions for Val Viewer' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Remove user' }));
    expect(remove).toHaveBeenCalledTimes(1);
  });
});
