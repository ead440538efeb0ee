import type { Meta, StoryObj } from '@storybook/react';
import { SkeletonForm, SkeletonPage, SkeletonTable, SkeletonText } from './Skeleton.tsx';

const meta = {
  title: 'Feedback/Skeleton',
  component: SkeletonText,
} satisfies Meta<typeof SkeletonText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = { args: { lines: 4 } };
export const Table: Story = { render: () => <SkeletonTable rows={6} columns={5} /> };
export const Form: Story = { render: () => <SkeletonForm fields={3} /> };
export const Page: Story = { render: () => <SkeletonPage /> };
export const Dark: Story = { render: () => <SkeletonPage />, globals: { theme: 'dark' } };
