import type { Meta, StoryObj } from '@storybook/react';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('Render failed');
}

const meta = {
  title: 'Feedback/ErrorBoundary',
  component: ErrorBoundary,
} satisfies Meta<typeof ErrorBoundary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Healthy: Story = { args: { children: <p>Everything rendered.</p> } };
export const Caught: Story = { args: { children: <Broken /> } };
export const Dark: Story = { args: { children: <Broken /> }, globals: { theme: 'dark' } };
