import type { Meta, StoryObj } from '@storybook/react';
import { Badge } from '../Badge/Badge.tsx';
import { Tabs } from './Tabs.tsx';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: {
    'aria-label': 'Check details',
    items: [
      { value: 'history', label: 'History', content: <p>Status history</p> },
      { value: 'spec', label: 'Spec', content: <p>The check specification</p> },
      {
        value: 'relationships',
        label: (
          <>
            Relationships <Badge size="small">3</Badge>
          </>
        ),
        content: <p>Related components and configs</p>,
      },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultValue: 'spec' } };
export const WithDisabledTab: Story = {
  args: {
    items: [
      { value: 'history', label: 'History', content: <p>Status history</p> },
      { value: 'graph', label: 'Graph', disabled: true },
      { value: 'spec', label: 'Spec', content: <p>The check specification</p> },
    ],
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
