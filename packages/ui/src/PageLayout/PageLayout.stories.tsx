import type { Meta, StoryObj } from '@storybook/react';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { PageActions, PageLayout } from './PageLayout.tsx';

const meta = {
  title: 'Layout/PageLayout',
  component: PageLayout,
  render: () => (
    <PageLayout>
      <PageActions>
        <a href="#rules">Rules</a>
        <a href="#silences">Silences</a>
        <Button variant="primary">Add rule</Button>
      </PageActions>
      <EmptyState kind="data" description="Sections of the page follow one another." />
    </PageLayout>
  ),
} satisfies Meta<typeof PageLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Dark: Story = { globals: { theme: 'dark' } };
