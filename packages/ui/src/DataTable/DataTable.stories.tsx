import type { Meta, StoryObj } from '@storybook/react';
import { useMemo } from 'react';
import { DataTable } from './DataTable.tsx';
import { checkColumns, generateCheckRows, type CheckRow } from './fixtures.ts';

const rows = generateCheckRows(240);

const meta = {
  title: 'Data/DataTable',
  component: DataTable<CheckRow>,
  args: {
    label: 'Health checks',
    columns: checkColumns,
    data: rows,
    getRowId: (row: CheckRow) => row.id,
    defaultSort: { id: 'created_at', desc: true },
    csvFileName: 'health-checks',
    maxHeight: '480px',
  },
} satisfies Meta<typeof DataTable<CheckRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = { args: { isLoading: true, data: [] } };
export const Empty: Story = { args: { data: [] } };
export const RowClick: Story = {
  args: { onRowClick: () => undefined, rowActionDescription: 'Press Enter to open the check' },
};
export const ServerSide: Story = {
  args: { manual: true, data: rows.slice(0, 50), totalRowCount: 12_345 },
  parameters: { router: { initialEntries: ['/?pageIndex=2&pageSize=50'] } },
};
export const Grouped: Story = { args: { grouping: ['team'], pagination: 'none' } };
export const Expandable: Story = {
  args: {
    data: rows.slice(0, 20).map((row, i) =>
      i % 4 === 0
        ? {
            ...row,
            children: generateCheckRows(3).map((child) => ({
              ...child,
              id: `${row.id}-${child.id}`,
            })),
          }
        : row,
    ),
    getSubRows: (row: CheckRow) => row.children,
  },
};
export const GridVariant: Story = { args: { variant: 'grid' } };
export const VirtualPagination: Story = {
  args: { pagination: 'virtual' },
  parameters: { router: { initialEntries: ['/?pageSize=25'] } },
};
export const WithPrefix: Story = {
  args: { urlParamPrefix: 'checks.' },
  parameters: { router: { initialEntries: ['/?checks.sortBy=name&checks.sortOrder=asc'] } },
};
export const Dark: Story = { globals: { theme: 'dark' } };

function HundredThousand() {
  // Generated once: a new array every render would re-run the row models.
  const data = useMemo(() => generateCheckRows(100_000), []);
  return (
    <DataTable
      label="100,000 health checks"
      columns={checkColumns}
      data={data}
      pagination="none"
      maxHeight="480px"
      csvFileName="checks"
    />
  );
}

export const HundredThousandRows: Story = { render: () => <HundredThousand /> };
