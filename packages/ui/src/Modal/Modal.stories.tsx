import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { Modal } from './Modal.tsx';
import type { ModalSize } from './modalSize.ts';

interface DemoProps {
  size: ModalSize;
  title: string;
  initiallyOpen: boolean;
  longBody: boolean;
}

function ModalDemo({ size, title, initiallyOpen, longBody }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        Open modal
      </Button>
      <Modal.Root open={open} onClose={() => setOpen(false)} size={size}>
        <Modal.Header>{title}</Modal.Header>
        <Modal.Body>
          <label>
            Name <input defaultValue="api-health" />
          </label>
          {longBody &&
            Array.from({ length: 40 }, (_, i) => (
              <p key={i}>Line {i + 1} of a long check specification.</p>
            ))}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="primary" onClick={() => setOpen(false)}>
            Save
          </Button>
        </Modal.Footer>
      </Modal.Root>
    </>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: ModalDemo,
  args: { size: 'medium', title: 'Edit check', initiallyOpen: true, longBody: false },
  argTypes: {
    size: { control: 'select', options: ['very-small', 'small', 'medium', 'large', 'full'] },
  },
} satisfies Meta<typeof ModalDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {};
export const VerySmall: Story = { args: { size: 'very-small' } };
export const Small: Story = { args: { size: 'small' } };
export const Large: Story = { args: { size: 'large' } };
export const Full: Story = { args: { size: 'full', title: 'Check details' } };
export const LongContent: Story = { args: { longBody: true } };
export const Closed: Story = { args: { initiallyOpen: false } };
export const Dark: Story = { globals: { theme: 'dark' } };
