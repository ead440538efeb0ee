import type { Meta, StoryObj } from '@storybook/react';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { kind: 'resources' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoResources: Story = {};
export const NoData: Story = { args: { kind: 'data' } };
export const NoDetails: Story = { args: { kind: 'details' } };
export const WithAction: Story = {
  args: {
    description: 'Connections you add appear here.',
    action: <Button variant="primary">Add connection</Button>,
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
