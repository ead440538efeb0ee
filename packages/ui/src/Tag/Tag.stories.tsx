import type { Meta, StoryObj } from '@storybook/react';
import { Tag } from './Tag.tsx';

const meta = {
  title: 'Basics/Tag',
  component: Tag,
  args: { tagKey: 'namespace', value: 'production' },
} satisfies Meta<typeof Tag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KeyValue: Story = {};
export const ValueOnly: Story = { args: { tagKey: undefined, value: 'critical' } };
export const LongValue: Story = {
  args: {
    tagKey: 'image',
    value: 'registry.example.internal/platform/api-gateway:2024.05.01-abcdef',
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
