import type { Meta, StoryObj } from '@storybook/react';
import { useEffect } from 'react';
import { Button } from '../Button/Button.tsx';
import { useToast, type ToastKind, type ToastLink } from './Toast.tsx';

interface DemoProps {
  kind: ToastKind;
  message: string;
  link?: ToastLink;
  /** Show the toast on first render, so the state is visible without a click. */
  showOnMount: boolean;
}

function ToastDemo({ kind, message, link, showOnMount }: DemoProps) {
  const toast = useToast();
  useEffect(() => {
    if (showOnMount) toast.show(kind, message, { link, duration: 60_000 });
  }, [kind, message, link, showOnMount, toast]);
  return <Button onClick={() => toast.show(kind, message, { link })}>Show toast</Button>;
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  args: { kind: 'success', message: 'updated successfully', showOnMount: true },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Error: Story = {
  args: { kind: 'error', message: 'Network Error. Please try again.' },
};
export const WithLink: Story = {
  args: {
    message: 'Linked to incident successfully',
    link: { href: '/incidents/42', label: 'View incident' },
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
