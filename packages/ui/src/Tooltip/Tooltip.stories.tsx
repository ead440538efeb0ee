import type { Meta, StoryObj } from '@storybook/react';
import { Button } from '../Button/Button.tsx';
import { Tooltip } from './Tooltip.tsx';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  decorators: [(Story) => <div style={{ padding: '48px' }}>{Story()}</div>],
  args: { content: 'Runs the check now', children: <Button>Run Now</Button> },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnHover: Story = {};
export const Shown: Story = { args: { defaultOpen: true } };
export const Below: Story = { args: { defaultOpen: true, placement: 'bottom' } };
export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };
