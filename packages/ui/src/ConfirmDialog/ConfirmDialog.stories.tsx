import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

type DemoProps = Omit<ConfirmDialogProps, 'open' | 'onCancel' | 'onConfirm'>;

function ConfirmDemo(props: DemoProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <ConfirmDialog
        {...props}
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDemo,
  args: {
    title: 'Delete Permission',
    description: 'Are you sure you want to delete the permission?',
  },
} satisfies Meta<typeof ConfirmDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Delete: Story = {};
export const DeleteResource: Story = {
  args: { title: 'Delete resource', description: 'Are you sure you want to delete this resource?' },
};
export const Approve: Story = {
  args: {
    title: 'Approve run',
    description: 'Run the playbook now?',
    variant: 'approve',
    confirmLabel: 'Approve',
  },
};
export const Loading: Story = { args: { loading: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
