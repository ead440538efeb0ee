import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import type { TriStateSelection } from './triState.ts';
import { TriStateFilter, type TriStateFilterProps } from './TriStateFilter.tsx';
import { filterParamName } from './triStateParams.ts';
import { useTriStateSearchParam } from './useTriStateSearchParam.ts';

const statuses = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'unknown', label: 'Unknown' },
  { value: 'warning', label: 'Warning' },
  { value: 'suspended', label: 'Suspended' },
];

const tags = [
  { value: 'namespace=default', label: 'namespace=default' },
  { value: 'namespace=kube-system', label: 'namespace=kube-system' },
  { value: 'cluster=prod', label: 'cluster=prod' },
  { value: 'cluster=staging', label: 'cluster=staging' },
];

type StoryProps = Omit<TriStateFilterProps, 'value' | 'onChange'> & { initial?: TriStateSelection };

function Stateful({ initial = {}, ...props }: StoryProps) {
  const [value, setValue] = useState<TriStateSelection>(initial);
  return <TriStateFilter {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Filters/TriStateFilter',
  component: Stateful,
  args: { label: 'Status', options: statuses },
  // Room for the open panel in the docs canvas.
  decorators: [
    (Story) => (
      <div style={{ minHeight: 260 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Open: Story = { args: { defaultOpen: true, initial: { healthy: 1, unknown: -1 } } };
export const FewSelected: Story = { args: { initial: { healthy: 1, unknown: -1 } } };
export const ManySelected: Story = {
  args: { initial: { healthy: 1, unhealthy: 1, unknown: -1, warning: 1 } },
};
export const TagMode: Story = {
  args: {
    label: 'Tags',
    options: tags,
    tagMode: true,
    defaultOpen: true,
    initial: { 'namespace=default': 1 },
  },
};
export const Disabled: Story = { args: { disabled: true, initial: { healthy: 1 } } };
export const Dark: Story = {
  args: { defaultOpen: true, initial: { healthy: 1, warning: -1 } },
  globals: { theme: 'dark' },
};

function UrlBound() {
  const [value, setValue] = useTriStateSearchParam(filterParamName('status'), {
    resetParams: ['pageIndex'],
  });
  return (
    <TriStateFilter
      label="Status"
      options={statuses}
      value={value}
      onChange={setValue}
      defaultOpen
    />
  );
}

/** Bound to `?status.filter=healthy:1,unknown:-1` through useTriStateSearchParam. */
export const InTheUrl: Story = {
  render: () => <UrlBound />,
  parameters: { router: { initialEntries: ['/health?status.filter=healthy:1,unknown:-1'] } },
};

const services = Array.from({ length: 14 }, (_, i) => ({
  value: `service-${i + 1}`,
  label: `service-${i + 1}`,
}));

/** More than 8 options: a search box filters them. */
export const Searchable: Story = {
  args: { label: 'Service', options: services, defaultOpen: true, initial: { 'service-3': 1 } },
};
