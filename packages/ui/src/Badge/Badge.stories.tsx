import type { Meta, StoryObj } from '@storybook/react';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'Basics/Badge',
  component: Badge,
  args: { children: '12' },
  argTypes: {
    color: {
      control: 'select',
      options: ['neutral', 'primary', 'green', 'orange', 'red', 'gray', 'yellow'],
    },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Primary: Story = { args: { color: 'primary', children: 'new' } };
export const Success: Story = { args: { color: 'green', children: 'SUCCESS' } };
export const Warning: Story = { args: { color: 'orange', children: 'WARNING' } };
export const Failed: Story = { args: { color: 'red', children: 'FAILED' } };
export const Running: Story = { args: { color: 'yellow', children: 'RUNNING' } };
export const Small: Story = { args: { size: 'small', children: '3' } };
export const Dark: Story = {
  args: { color: 'red', children: 'FAILED' },
  globals: { theme: 'dark' },
};
