import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import type { TriStateValue } from './triState.ts';
import { TriStateToggle } from './TriStateToggle.tsx';

function Stateful({ initial, disabled }: { initial: TriStateValue; disabled?: boolean }) {
  const [value, setValue] = useState<TriStateValue>(initial);
  return <TriStateToggle label="healthy" value={value} onChange={setValue} disabled={disabled} />;
}

const meta = {
  title: 'Filters/TriStateToggle',
  component: Stateful,
  args: { initial: 0 },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Included: Story = { args: { initial: 1 } };
export const Excluded: Story = { args: { initial: -1 } };
export const Disabled: Story = { args: { initial: 1, disabled: true } };
export const Dark: Story = { args: { initial: -1 }, globals: { theme: 'dark' } };
