import type { Meta, StoryObj } from '@storybook/react';
import { Button } from '../Button/Button.tsx';
import { ErrorPage } from './ErrorPage.tsx';

const failure = new Error('Request failed with status 500', {
  cause: new Error('upstream connect error'),
});
failure.stack =
  'Error: Request failed with status 500\n    at loadChecks (health.ts:42:11)\n    at async HealthPage (HealthPage.tsx:18:3)';

const meta = {
  title: 'Feedback/ErrorPage',
  component: ErrorPage,
  args: { error: failure },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithDetails: Story = { args: { showDetails: true } };
export const DetailsHidden: Story = { args: { hideDetails: true } };
export const NoError: Story = { args: { error: undefined } };
export const WithActions: Story = {
  args: { actions: <Button variant="primary">Try again</Button> },
};
export const Dark: Story = { globals: { theme: 'dark' } };
