import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { MultiSelect, type MultiSelectProps } from './MultiSelect.tsx';

const jobStatuses = [
  { value: 'RUNNING', label: 'RUNNING' },
  { value: 'SUCCESS', label: 'SUCCESS' },
  { value: 'WARNING', label: 'WARNING' },
  { value: 'FAILED', label: 'FAILED' },
];

function MultiSelectDemo(props: Omit<MultiSelectProps, 'onChange'>) {
  const [value, setValue] = useState<readonly string[]>(props.value);
  return <MultiSelect {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Forms/MultiSelect',
  component: MultiSelectDemo,
  args: { label: 'Job status', options: jobStatuses, value: ['FAILED'] },
} satisfies Meta<typeof MultiSelectDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { value: [] } };
export const AllSelected: Story = { args: { value: jobStatuses.map((s) => s.value) } };
export const ManySelected: Story = { args: { value: ['RUNNING', 'SUCCESS', 'WARNING'] } };
export const WithoutSelectAll: Story = { args: { selectAllLabel: null } };
export const Disabled: Story = { args: { disabled: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
