import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Search } from 'lucide-react';
import { SEARCH_MAX_LENGTH, searchLimitHint } from '../format/inputLimits.ts';
import { CollapsibleFilters } from '../CollapsibleFilters/CollapsibleFilters.tsx';
import { testIds } from '../testIds.ts';
import { pageSearchProps } from '../pageSearch.ts';
import { useDebouncedDraft } from '../useDebouncedDraft/useDebouncedDraft.ts';
import { dataTableSlots } from './slots.ts';
import type { DataTableState } from './useDataTable.tsx';

/** Spec §9: search waits 400 ms after the last keystroke before it filters (and fetches). */
export const SEARCH_DEBOUNCE_MS = 400;

const Root = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Filters = styled.div`
  display: flex;
  flex: 1 1 auto;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-left: auto;
`;

const SearchField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  /* Grows to a comfortable width, shrinks to the screen on a phone. */
  flex: 1 1 14rem;
  min-width: 0;
  max-width: 24rem;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};

  > label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const LimitHint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const SearchBox = styled.span`
  position: relative;
  display: flex;

  svg {
    position: absolute;
    top: 50%;
    left: ${({ theme }) => theme.space.sm};
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }

  input {
    width: 100%;
    min-width: 0;
    min-height: 34px;
    padding: 0 ${({ theme }) => theme.space.sm} 0 calc(${({ theme }) => theme.space.sm} + 20px);
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: ${({ theme }) => theme.fontWeight.regular};
  }
`;

// Only spaces search for nothing; otherwise the search is sent as typed.
const blankAsEmpty = (text: string) => (text.trim() === '' ? '' : text);

function SearchInput<TData>({
  dataTable,
  searchKey,
  label,
  placeholder,
}: {
  dataTable: DataTableState<TData>;
  searchKey: string;
  label: string;
  placeholder: string | undefined;
}) {
  const inUrl = dataTable.query.filters[searchKey] ?? '';
  const { setFilter } = dataTable;
  const [value, setDraft] = useDebouncedDraft(inUrl, (text) => setFilter(searchKey, text), {
    delayMs: SEARCH_DEBOUNCE_MS,
    normalize: blankAsEmpty,
  });

  return (
    <SearchField data-slot={dataTableSlots.search}>
      <label>
        {label}
        <SearchBox>
          <Search size={14} aria-hidden />
          <input
            type="search"
            {...pageSearchProps}
            value={value}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={placeholder}
            onChange={(event) => setDraft(event.target.value)}
          />
        </SearchBox>
      </label>
      {value.length >= SEARCH_MAX_LENGTH && <LimitHint role="status">{searchLimitHint}</LimitHint>}
    </SearchField>
  );
}

/** How many of the table's filters are set (the search aside), its time range counted as one. */
export function activeFilterCount<TData>(
  dataTable: Pick<DataTableState<TData>, 'filterKeys' | 'searchKey' | 'query'>,
): number {
  const { filterKeys, searchKey, query } = dataTable;
  const set = filterKeys.filter((key) => key !== searchKey && (query.filters[key] ?? '') !== '');
  return set.length + (query.timeRange ? 1 : 0);
}

export interface DataTableToolbarProps<TData> {
  dataTable: DataTableState<TData>;
  /** Label of the search box, shown when the table has a `searchKey`. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Filters, after the search box. */
  children?: ReactNode;
  /** Column toggle, CSV export and the like, at the end of the row. */
  actions?: ReactNode;
}

/**
 * Search and filters above the table, then its actions; wraps onto more lines on narrow screens,
 * where the filters fold behind a "Filters (n)" button so the first screen shows rows.
 */
export function DataTableToolbar<TData>({
  dataTable,
  searchLabel = 'Search',
  searchPlaceholder,
  children,
  actions,
}: DataTableToolbarProps<TData>) {
  const { searchKey } = dataTable;
  return (
    <Root data-slot={dataTableSlots.toolbar}>
      {(searchKey || children) && (
        <Filters>
          {searchKey && (
            <SearchInput
              dataTable={dataTable}
              searchKey={searchKey}
              label={searchLabel}
              placeholder={searchPlaceholder}
            />
          )}
          {children ? (
            <CollapsibleFilters activeCount={activeFilterCount(dataTable)}>
              {children}
            </CollapsibleFilters>
          ) : null}
        </Filters>
      )}
      {actions && <Actions>{actions}</Actions>}
    </Root>
  );
}

const RootBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  max-width: 100%;
`;

/** The box the parts stack in: toolbar, body, pager. Keeps a wide table from widening the page. */
export function DataTableRoot({ children }: { children: ReactNode }) {
  return (
    <RootBox data-slot={dataTableSlots.root} data-testid={testIds.dataTable.root}>
      {children}
    </RootBox>
  );
}
