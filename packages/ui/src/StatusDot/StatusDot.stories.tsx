import type { Meta, StoryObj } from '@storybook/react';
import { StatusDot } from './StatusDot.tsx';

const meta = {
  title: 'Basics/StatusDot',
  component: StatusDot,
  args: { status: 'healthy' },
} satisfies Meta<typeof StatusDot>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Healthy: Story = {};
export const Unhealthy: Story = { args: { status: 'unhealthy' } };
export const Warning: Story = { args: { status: 'warning' } };
export const Unknown: Story = { args: { status: 'unknown' } };
export const Large: Story = { args: { status: 'mixed', size: 16 } };
export const Dark: Story = { args: { status: 'degraded' }, globals: { theme: 'dark' } };
