import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import type { TimeRange } from './timeRange.ts';
import {
  TimeRangePicker,
  UrlTimeRangePicker,
  type TimeRangePickerProps,
} from './TimeRangePicker.tsx';

type StoryProps = Omit<TimeRangePickerProps, 'value' | 'onChange'> & { initial?: TimeRange };

function Stateful({ initial, ...props }: StoryProps) {
  const [value, setValue] = useState<TimeRange | undefined>(initial);
  return <TimeRangePicker {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Filters/TimeRangePicker',
  component: Stateful,
  args: {},
  decorators: [
    (Story) => (
      <div style={{ minHeight: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoRange: Story = {};
export const Indefinitely: Story = { args: { allowIndefinite: true } };
export const Relative: Story = {
  args: { initial: { type: 'relative', display: '2 days', range: 'now-2d' } },
};
export const Mapped: Story = {
  args: { initial: { type: 'mapped', display: 'Previous month', range: 'previousMonth' } },
};
export const Absolute: Story = {
  args: {
    initial: {
      type: 'absolute',
      display: 'Custom',
      from: '2026-11-01T08:00:00.000Z',
      to: '2026-11-02T08:00:00.000Z',
    },
  },
};
export const Open: Story = {
  args: { defaultOpen: true, initial: { type: 'relative', display: '1 hour', range: 'now-1h' } },
};
export const OpenAbsolute: Story = {
  args: {
    defaultOpen: true,
    initial: {
      type: 'absolute',
      display: 'Custom',
      from: '2026-11-01T08:00:00.000Z',
      to: '2026-11-02T08:00:00.000Z',
    },
  },
};
/** 'From' after 'To': the form says why and Submit stays disabled. */
export const InvalidAbsolute: Story = {
  args: {
    defaultOpen: true,
    initial: {
      type: 'absolute',
      display: 'Custom',
      from: '2026-11-03T08:00:00.000Z',
      to: '2026-11-02T08:00:00.000Z',
    },
  },
};
export const FutureRanges: Story = { args: { defaultOpen: true, showFutureTimeRanges: true } };
export const Disabled: Story = {
  args: { disabled: true, initial: { type: 'relative', display: '2 days', range: 'now-2d' } },
};
export const Dark: Story = {
  args: { defaultOpen: true, initial: { type: 'mapped', display: 'Today', range: 'today' } },
  globals: { theme: 'dark' },
};

/** Bound to `?rangeType=relative&timeRange=now-2d` through the URL. */
export const InTheUrl: Story = {
  render: () => <UrlTimeRangePicker allowIndefinite resetParams={['pageIndex']} />,
  parameters: { router: { initialEntries: ['/jobs?rangeType=relative&timeRange=now-2d'] } },
};
