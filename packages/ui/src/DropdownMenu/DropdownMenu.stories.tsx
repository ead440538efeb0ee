import type { Meta, StoryObj } from '@storybook/react';
import { Pencil, Play, Trash } from '../icons/index.ts';
import { DropdownMenu } from './DropdownMenu.tsx';

const noop = () => undefined;

const meta = {
  title: 'Overlays/DropdownMenu',
  component: DropdownMenu,
  args: {
    label: 'Actions',
    items: [
      { id: 'run', label: 'Run Now', icon: <Play size={14} aria-hidden />, onSelect: noop },
      { id: 'edit', label: 'Edit', icon: <Pencil size={14} aria-hidden />, onSelect: noop },
      { id: 'silence', label: 'Silence', disabled: true, onSelect: noop },
      {
        id: 'delete',
        label: 'Delete',
        icon: <Trash size={14} aria-hidden />,
        danger: true,
        onSelect: noop,
      },
    ],
  },
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Primary: Story = { args: { variant: 'primary', label: 'Playbooks' } };
export const Dark: Story = { globals: { theme: 'dark' } };
