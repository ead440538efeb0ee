import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { Select, type SelectProps } from './Select.tsx';

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

function SelectDemo(props: Omit<SelectProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return <Select {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Forms/Select',
  component: SelectDemo,
  args: { label: 'Status', options: statusOptions, value: 'all' },
} satisfies Meta<typeof SelectDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Placeholder: Story = { args: { value: undefined, placeholder: 'Pick a status' } };
export const HiddenLabel: Story = { args: { hideLabel: true } };
export const Disabled: Story = { args: { disabled: true } };
export const WithDisabledOption: Story = {
  args: { options: [...statusOptions, { value: 'unknown', label: 'Unknown', disabled: true }] },
};
export const Dark: Story = { globals: { theme: 'dark' } };
