import type { Meta, StoryObj } from '@storybook/react';
import { TagList } from './Tag.tsx';

const meta = {
  title: 'Basics/TagList',
  component: TagList,
  args: {
    tags: {
      zone: 'eu-west-1a',
      name: 'api',
      app: 'checkout',
      namespace: 'prod',
      account: '123456789012',
    },
  },
} satisfies Meta<typeof TagList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sorted: Story = {};
export const Empty: Story = { args: { tags: {} } };
export const Dark: Story = { globals: { theme: 'dark' } };
/** A table cell's list: two tags on one line, the rest counted. */
export const OneLine: Story = { args: { max: 2 } };
