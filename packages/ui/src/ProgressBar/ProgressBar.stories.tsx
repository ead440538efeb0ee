import type { Meta, StoryObj } from '@storybook/react';
import { ProgressBar } from './ProgressBar.tsx';

const meta = {
  title: 'Basics/ProgressBar',
  component: ProgressBar,
  args: { value: 42, label: 'Disk usage', showValue: true },
  argTypes: { value: { control: { type: 'range', min: 0, max: 120 } } },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {};
export const NearlyEmpty: Story = { args: { value: 1 } };
export const High: Story = { args: { value: 80 } };
export const Critical: Story = { args: { value: 95 } };
export const Dark: Story = { args: { value: 80 }, globals: { theme: 'dark' } };
