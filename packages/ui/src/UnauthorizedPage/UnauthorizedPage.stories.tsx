import type { Meta, StoryObj } from '@storybook/react';
import { Link } from 'react-router';
import { UnauthorizedPage } from './UnauthorizedPage.tsx';

const meta = {
  title: 'Feedback/UnauthorizedPage',
  component: UnauthorizedPage,
} satisfies Meta<typeof UnauthorizedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHomeLink: Story = { args: { actions: <Link to="/">Go to the dashboard</Link> } };
export const Dark: Story = { globals: { theme: 'dark' } };
