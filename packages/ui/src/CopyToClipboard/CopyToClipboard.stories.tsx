import type { Meta, StoryObj } from '@storybook/react';
import { CopyToClipboard } from './CopyToClipboard.tsx';

const meta = {
  title: 'Basics/CopyToClipboard',
  component: CopyToClipboard,
  args: { value: 'kubectl get canaries -A' },
} satisfies Meta<typeof CopyToClipboard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ButtonOnly: Story = {};
export const WithValue: Story = { args: { showValue: true } };
export const Dark: Story = { args: { showValue: true }, globals: { theme: 'dark' } };
