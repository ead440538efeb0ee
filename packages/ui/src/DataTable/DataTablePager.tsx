import styled from 'styled-components';
import { Pager } from './Pager.tsx';
import { dataTableSlots } from './slots.ts';
import type { DataTableState } from './useDataTable.tsx';

const Count = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: right;
`;

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The pager of a `useDataTable` table: its page and size are the URL's, so the fetch follows. A
 * table without pages (`pagination: 'virtual' | 'none'`) gets the row count instead.
 */
export function DataTablePager<TData>({
  dataTable,
  label,
}: {
  dataTable: DataTableState<TData>;
  label: string;
}) {
  const { query, pageCount, pageSizes, total, update, choosePageSize, pagination, table } =
    dataTable;
  if (pagination !== 'pages') {
    return (
      <Count aria-live="polite" data-slot={dataTableSlots.pager}>
        Showing {numberFormat.format(table.getRowModel().rows.length)} of{' '}
        {numberFormat.format(total)}
      </Count>
    );
  }
  return (
    <Pager
      label={label}
      pageIndex={query.pageIndex}
      pageCount={pageCount}
      pageSize={query.pageSize}
      pageSizeOptions={pageSizes}
      totalRows={total}
      onPageIndexChange={(pageIndex) => update({ pageIndex })}
      onPageSizeChange={choosePageSize}
    />
  );
}
