import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../Modal/Modal.tsx';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { Popover } from './Popover.tsx';

function Opener({
  name,
  children,
  initiallyOpen = false,
}: {
  name: string;
  children?: ReactNode;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={anchor} onClick={() => setOpen((was) => !was)}>
        {`open ${name}`}
      </button>
      <Popover
        open={open}
        onDismiss={() => setOpen(false)}
        anchor={anchor}
        role="dialog"
        aria-label={name}
      >
        <p>{`inside ${name}`}</p>
        {children}
      </Popover>
    </>
  );
}

function Nested({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  return (
    <OpsdeckThemeProvider>
      <p>elsewhere</p>
      <Opener name="outer" initiallyOpen={initiallyOpen}>
        <Opener name="inner" initiallyOpen={initiallyOpen} />
      </Opener>
    </OpsdeckThemeProvider>
  );
}

describe('Popover', () => {
  it('is portalled to the body, out of its trigger box', async () => {
    const { container } = render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'open outer' }));
    const outer = screen.getByRole('dialog', { name: 'outer' });
    expect(container.contains(outer)).toBe(false);
    expect(document.body.contains(outer)).toBe(true);
  });

  it('counts a popover opened from inside it as inside, though portalled elsewhere', async () => {
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'open outer' }));
    await userEvent.click(screen.getByRole('button', { name: 'open inner' }));
    const inner = screen.getByRole('dialog', { name: 'inner' });
    // The inner popover is not in the outer one's DOM, yet a click in it keeps both open.
    expect(screen.getByRole('dialog', { name: 'outer' }).contains(inner)).toBe(false);
    fireEvent.pointerDown(screen.getByText('inside inner'));
    expect(screen.queryByRole('dialog', { name: 'outer' })).not.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'inner' })).not.toBeNull();
    // Escape closes the topmost only; then the outer one.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'inner' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'outer' })).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'outer' })).toBeNull();
  });

  it('stacks a popover opened from inside it above it when both open at once (children mount first)', async () => {
    render(<Nested initiallyOpen />);
    fireEvent.pointerDown(screen.getByText('inside inner'));
    expect(screen.queryByRole('dialog', { name: 'outer' })).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'inner' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'outer' })).not.toBeNull();
  });

  it('closes on a pointer-down outside, alone when opened inside a modal', async () => {
    render(
      <OpsdeckThemeProvider>
        <Modal.Root open onClose={() => {}} data-testid="the-modal">
          <Modal.Header>Edit</Modal.Header>
          <Modal.Body>
            <p>modal text</p>
            <Opener name="picker" />
          </Modal.Body>
        </Modal.Root>
      </OpsdeckThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'open picker' }));
    fireEvent.pointerDown(screen.getByText('inside picker'));
    expect(screen.queryByRole('dialog', { name: 'picker' })).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('modal text'));
    expect(screen.queryByRole('dialog', { name: 'picker' })).toBeNull();
    expect(screen.getByTestId('the-modal')).toBeTruthy();
  });
});
