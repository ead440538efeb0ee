import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog.tsx';
import { DropdownMenu } from '../DropdownMenu/DropdownMenu.tsx';
import { Modal } from '../Modal/Modal.tsx';
import { MultiSelect } from '../MultiSelect/MultiSelect.tsx';
import { Select } from '../Select/Select.tsx';
import { OpsdeckThemeProvider } from '../theme/ThemeProvider.tsx';
import { testIds } from '../testIds.ts';
import type { TimeRange } from '../TimeRangePicker/timeRange.ts';
import { TimeRangePicker } from '../TimeRangePicker/TimeRangePicker.tsx';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import type { TriStateSelection } from '../TriState/triState.ts';
import { TriStateFilter } from '../TriState/TriStateFilter.tsx';

const statuses = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

/** A modal opened from a button, holding whatever overlay the test puts in its body. */
function InModal({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <OpsdeckThemeProvider mode="light">
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal.Root open={open} onClose={() => setOpen(false)}>
        <Modal.Header>Edit check</Modal.Header>
        <Modal.Body>
          <p>Body text</p>
          {children}
        </Modal.Body>
      </Modal.Root>
    </OpsdeckThemeProvider>
  );
}

function SelectInModal() {
  const [value, setValue] = useState('healthy');
  return (
    <InModal>
      <Select label="Status" options={statuses} value={value} onChange={setValue} />
    </InModal>
  );
}

function MultiSelectInModal() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <InModal>
      <MultiSelect label="Statuses" options={statuses} value={value} onChange={setValue} />
    </InModal>
  );
}

function MenuInModal({ onRun = () => undefined }: { onRun?: () => void }) {
  return (
    <InModal>
      <DropdownMenu label="Actions" items={[{ id: 'run', label: 'Run Now', onSelect: onRun }]} />
    </InModal>
  );
}

function TriStateInModal() {
  const [value, setValue] = useState<TriStateSelection>({});
  return (
    <InModal>
      <TriStateFilter label="Health" options={statuses} value={value} onChange={setValue} />
    </InModal>
  );
}

function TimeRangeInModal() {
  const [value, setValue] = useState<TimeRange | undefined>();
  return (
    <InModal>
      <TimeRangePicker value={value} onChange={setValue} />
    </InModal>
  );
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return screen.getByRole('dialog', { name: 'Edit check' });
}

// Each case: how to open the overlay inside the modal, how to find its popup, and its trigger.
const overlays = [
  {
    name: 'Select',
    Harness: SelectInModal,
    trigger: () => screen.getByRole('combobox', { name: 'Status' }),
    popup: () => screen.queryByRole('listbox'),
  },
  {
    name: 'MultiSelect',
    Harness: MultiSelectInModal,
    trigger: () => screen.getByRole('combobox', { name: 'Statuses' }),
    popup: () => screen.queryByRole('listbox'),
  },
  {
    name: 'DropdownMenu',
    Harness: MenuInModal,
    trigger: () => screen.getByRole('button', { name: 'Actions' }),
    popup: () => screen.queryByRole('menu'),
  },
  {
    name: 'TriStateFilter',
    Harness: TriStateInModal,
    trigger: () => screen.getByTestId(testIds.triStateFilter.trigger),
    popup: () => screen.queryByTestId(testIds.triStateFilter.panel),
  },
  {
    name: 'TimeRangePicker',
    Harness: TimeRangeInModal,
    trigger: () => screen.getByTestId(testIds.timeRangePicker.trigger),
    popup: () => screen.queryByTestId(testIds.timeRangePicker.dialog),
  },
] as const;

describe.each(overlays)(
  '$name inside a Modal',
  { timeout: 20_000 },
  ({ Harness, trigger, popup }) => {
    it('Escape closes only the open overlay, focus goes back to its trigger, a second Escape closes the modal', async () => {
      const user = userEvent.setup();
      render(<Harness />);
      await openModal(user);
      await user.click(trigger());
      expect(popup()).not.toBeNull();

      await user.keyboard('{Escape}');
      expect(popup()).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
      expect(document.activeElement).toBe(trigger());

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
    });

    it('a click on the modal body closes only the open overlay', async () => {
      const user = userEvent.setup();
      render(<Harness />);
      const dialog = await openModal(user);
      await user.click(trigger());
      expect(popup()).not.toBeNull();

      await user.click(within(dialog).getByText('Body text'));
      expect(popup()).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
    });

    it('a click on the backdrop closes only the open overlay; the next one closes the modal', async () => {
      const user = userEvent.setup();
      render(<Harness />);
      await openModal(user);
      await user.click(trigger());
      const backdrop = screen.getByTestId(testIds.modal.overlay);

      await user.click(backdrop);
      expect(popup()).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();

      await user.click(backdrop);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  },
);

describe('the overlay stack', { timeout: 20_000 }, () => {
  it('still runs a menu item picked inside a modal and keeps the modal open', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    render(<MenuInModal onRun={run} />);
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Run Now' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
  });

  it('opening a second overlay in the modal closes the first, and Escape then closes only the second', async () => {
    const user = userEvent.setup();
    function TwoOverlays() {
      const [value, setValue] = useState('healthy');
      return (
        <InModal>
          <Select label="Status" options={statuses} value={value} onChange={setValue} />
          <DropdownMenu
            label="Actions"
            items={[{ id: 'run', label: 'Run Now', onSelect: () => undefined }]}
          />
        </InModal>
      );
    }
    render(<TwoOverlays />);
    await openModal(user);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
  });

  it('a popover already open when its modal mounts is still above the modal', async () => {
    const user = userEvent.setup();
    render(
      <OpsdeckThemeProvider mode="light">
        <Modal.Root open onClose={() => undefined}>
          <Modal.Header>Edit check</Modal.Header>
          <Modal.Body>
            <TriStateFilter
              label="Health"
              options={statuses}
              value={{}}
              onChange={() => undefined}
              defaultOpen
            />
          </Modal.Body>
        </Modal.Root>
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByTestId(testIds.triStateFilter.panel)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId(testIds.triStateFilter.panel)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
  });

  it('Escape hides a tooltip inside a modal without closing the modal', async () => {
    const user = userEvent.setup();
    render(
      <InModal>
        <Tooltip content="Runs the check now">
          <button type="button">Run</button>
        </Tooltip>
      </InModal>,
    );
    const dialog = await openModal(user);
    await user.hover(within(dialog).getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
  });

  it('a confirm dialog over a modal takes Escape and backdrop clicks first', async () => {
    const user = userEvent.setup();
    function ConfirmOverModal() {
      const [confirming, setConfirming] = useState(false);
      return (
        <InModal>
          <button type="button" onClick={() => setConfirming(true)}>
            Delete
          </button>
          <ConfirmDialog
            open={confirming}
            title="Delete check"
            onConfirm={() => setConfirming(false)}
            onCancel={() => setConfirming(false)}
          />
        </InModal>
      );
    }
    render(<ConfirmOverModal />);
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete check' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete check' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const backdrops = screen.getAllByTestId(testIds.modal.overlay);
    await user.click(backdrops[backdrops.length - 1] as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Delete check' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit check' })).toBeTruthy();
  });
});
