import type { Meta, StoryObj } from '@storybook/react';
import { QueryRows } from './QueryRows.tsx';
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

const rows = (items: readonly string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);
export const QueryRowsLoading: Story = {
  render: () => (
    <QueryRows query={{ data: undefined, error: null, isPending: true }} what="checks">
      {rows}
    </QueryRows>
  ),
};
export const QueryRowsEmpty: Story = {
  render: () => (
    <QueryRows query={{ data: [], error: null, isPending: false }} what="checks">
      {rows}
    </QueryRows>
  ),
};
export const QueryRowsFailed: Story = {
  render: () => (
    <QueryRows
      query={{ data: undefined, error: new Error('database is down'), isPending: false }}
      what="checks"
    >
      {rows}
    </QueryRows>
  ),
};
export const QueryRowsLoaded: Story = {
  render: () => (
    <QueryRows query={{ data: ['api', 'db'], error: null, isPending: false }} what="checks">
      {rows}
    </QueryRows>
  ),
};
