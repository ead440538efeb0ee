import type { Column } from '@tanstack/react-table';
import styled from 'styled-components';
import { MultiSelect } from '../MultiSelect/MultiSelect.tsx';
import { dataTableSlots } from './slots.ts';
import type { DataTableState } from './useDataTable.tsx';

const Slot = styled.div`
  display: contents;
`;

function columnLabel<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

/**
 * Which columns show. Hidden columns live in the URL as `{id}.hidden=team,latency_ms` (absent:
 * the table's `defaultHidden`), so a shared link shows the same columns.
 */
export function DataTableColumnToggle<TData>({
  dataTable,
  label = 'Columns',
}: {
  dataTable: DataTableState<TData>;
  label?: string;
}) {
  const { table } = dataTable;
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  // One column leaves nothing to choose.
  if (hideable.length < 2) return null;
  return (
    <Slot data-slot={dataTableSlots.columnToggle}>
      <MultiSelect
        label={label}
        options={hideable.map((column) => ({ value: column.id, label: columnLabel(column) }))}
        value={hideable.filter((column) => column.getIsVisible()).map((column) => column.id)}
        selectAllLabel="All columns"
        onChange={(visible) =>
          table.setColumnVisibility(
            Object.fromEntries(hideable.map((column) => [column.id, visible.includes(column.id)])),
          )
        }
      />
    </Slot>
  );
}
