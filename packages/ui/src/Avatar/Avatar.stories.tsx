import type { Meta, StoryObj } from '@storybook/react';
import { Avatar } from './Avatar.tsx';

// A 1x1 image inlined so the story works offline.
const pixel =
  'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="%233b82f6"/></svg>';

const meta = {
  title: 'Basics/Avatar',
  component: Avatar,
  args: { name: 'Jane Doe' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {};
export const WithImage: Story = { args: { src: pixel } };
export const NoName: Story = { args: { name: undefined } };
export const Large: Story = { args: { size: 64 } };
export const Dark: Story = { globals: { theme: 'dark' } };
