import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Moment } from '../Moment/Moment.tsx';
import { Modal } from './Modal.tsx';
import { modalWidth, type ModalSize } from './modalSize.ts';

function Harness({ size = 'medium' }: { size?: ModalSize }) {
  const [open, setOpen] = useState(false);
  return (
    <OpsdeckThemeProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal.Root open={open} onClose={() => setOpen(false)} size={size}>
        <Modal.Header>Edit check</Modal.Header>
        <Modal.Body>
          <input aria-label="Name" />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" onClick={() => setOpen(false)}>
            Save
          </button>
        </Modal.Footer>
      </Modal.Root>
    </OpsdeckThemeProvider>
  );
}

describe('Modal', () => {
  it('opens as a labelled modal dialog with focus in its body', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit check' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('puts focus on the first control, not on a time before it, so one Escape closes it', async () => {
    function WithMoment() {
      const [open, setOpen] = useState(true);
      return (
        <OpsdeckThemeProvider>
          <Modal.Root open={open} onClose={() => setOpen(false)}>
            <Modal.Header>Check</Modal.Header>
            <Modal.Body>
              <p>
                Last run <Moment value={new Date(Date.now() - 60_000)} />
              </p>
              <button type="button">Run now</button>
            </Modal.Body>
          </Modal.Root>
        </OpsdeckThemeProvider>
      );
    }
    const user = userEvent.setup();
    render(<WithMoment />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Run now' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(name);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the close button and from a backdrop click, not from a click inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks each part with a data-slot and the dialog with its size', async () => {
    const user = userEvent.setup();
    render(<Harness size="full" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.dataset['slot']).toBe('modal');
    expect(dialog.dataset['size']).toBe('full');
    expect(
      ['modal-header', 'modal-body', 'modal-footer'].every((slot) =>
        dialog.querySelector(`[data-slot="${slot}"]`),
      ),
    ).toBe(true);
  });

  it('throws when a part is used outside Modal.Root', () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Modal.Body>orphan</Modal.Body>)).toThrow(/Modal.Root/);
    } finally {
      console.error = original;
    }
  });
});

describe('modalWidth', () => {
  it('makes full 95vw up to 1500px and the others fixed steps', () => {
    expect(modalWidth('full')).toBe('min(95vw, 1500px)');
    expect(modalWidth('very-small')).toBe('min(95vw, 400px)');
    expect(modalWidth('large')).toBe('min(95vw, 1024px)');
  });
});
