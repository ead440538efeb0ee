import type { Meta, StoryObj } from '@storybook/react';
import { Plus, Trash } from '../icons/index.ts';
import { Button } from './Button.tsx';

const meta = {
  title: 'Basics/Button',
  component: Button,
  args: { children: 'Save', variant: 'primary' },
  argTypes: {
    variant: {
      control: 'select',
      options: ['primary', 'secondary', 'danger', 'success', 'ghost', 'link'],
    },
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Danger: Story = {
  args: { variant: 'danger', children: 'Delete', icon: <Trash size={14} aria-hidden /> },
};
export const Success: Story = { args: { variant: 'success', children: 'Approve' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'More' } };
export const Link: Story = { args: { variant: 'link', children: 'Learn more' } };
export const WithIcon: Story = { args: { children: 'Add', icon: <Plus size={14} aria-hidden /> } };
export const Small: Story = { args: { size: 'small' } };
export const Loading: Story = { args: { loading: true, children: 'Saving' } };
export const Disabled: Story = { args: { disabled: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
