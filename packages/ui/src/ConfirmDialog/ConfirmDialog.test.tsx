import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <OpsdeckThemeProvider>
      <ConfirmDialog
        open
        title="Delete Permission"
        description="Are you sure you want to delete the permission?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />
    </OpsdeckThemeProvider>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('offers Cancel and a Delete confirm by default, with Cancel focused', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Delete Permission' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows a spinner and ignores clicks on confirm while loading', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog({ loading: true });
    const confirm = screen.getByTestId(testIds.confirmDialog.confirm);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm.querySelector(`[data-testid="${testIds.button.spinner}"]`)).not.toBeNull();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('uses the given label for an approve dialog', () => {
    renderDialog({ variant: 'approve', confirmLabel: 'Approve' });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
