import type { Meta, StoryObj } from '@storybook/react';
import { Pencil, RefreshCw, Trash } from '../icons/index.ts';
import { IconButton } from './IconButton.tsx';

const meta = {
  title: 'Basics/IconButton',
  component: IconButton,
  args: { label: 'Refresh', icon: <RefreshCw size={16} /> },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {};
export const Secondary: Story = {
  args: { variant: 'secondary', label: 'Edit', icon: <Pencil size={16} /> },
};
export const Danger: Story = {
  args: { variant: 'danger', label: 'Delete', icon: <Trash size={16} /> },
};
export const Loading: Story = { args: { loading: true } };
export const Disabled: Story = { args: { disabled: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
