import styled from 'styled-components';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Select } from '../Select/Select.tsx';
import { testIds } from '../testIds.ts';
import { pageIndexFromInput, pageRange } from './pagination.ts';
import { dataTableSlots } from './slots.ts';

export interface PagerProps {
  /** Names the navigation landmark, e.g. "Health checks pagination". */
  label: string;
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  totalRows: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/** Previous, the page field and Next: one unit that wraps as a whole, never Next alone on a line. */
const Steps = styled.div`
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  white-space: nowrap;
`;

const PageInput = styled.input`
  width: 5em;
  min-height: 30px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &:read-only {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const numberFormat = new Intl.NumberFormat('en-US');

export function Pager({
  label,
  pageIndex,
  pageCount,
  pageSize,
  pageSizeOptions,
  totalRows,
  onPageIndexChange,
  onPageSizeChange,
}: PagerProps) {
  const { from, to } = pageRange(pageIndex, pageSize, totalRows);
  const single = pageCount <= 1;

  function commit(text: string) {
    const next = pageIndexFromInput(text, pageCount);
    if (next !== undefined && next !== pageIndex) onPageIndexChange(next);
  }

  return (
    <Bar aria-label={label} data-slot={dataTableSlots.pager}>
      <span aria-live="polite">
        Showing {numberFormat.format(from)}-{numberFormat.format(to)} of{' '}
        {numberFormat.format(totalRows)}
      </span>
      <Group>
        <Select
          label="Rows per page"
          options={pageSizeOptions.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(pageSize)}
          onChange={(value) => onPageSizeChange(Number(value))}
        />
        <Steps>
          <IconButton
            label="Previous page"
            icon={<ChevronLeft size={16} aria-hidden />}
            disabled={pageIndex <= 0}
            onClick={() => onPageIndexChange(pageIndex - 1)}
          />
          <label>
            Page{' '}
            <PageInput
              // Remounting on page change resets the draft without mirroring the page into state.
              key={pageIndex}
              type="number"
              min={1}
              max={pageCount}
              defaultValue={pageIndex + 1}
              readOnly={single}
              data-testid={testIds.dataTable.pageInput}
              onBlur={(event) => commit(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit(event.currentTarget.value);
              }}
            />{' '}
            of {numberFormat.format(pageCount)}
          </label>
          <IconButton
            label="Next page"
            icon={<ChevronRight size={16} aria-hidden />}
            disabled={pageIndex >= pageCount - 1}
            onClick={() => onPageIndexChange(pageIndex + 1)}
          />
        </Steps>
      </Group>
    </Bar>
  );
}
