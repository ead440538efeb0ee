import { useState } from 'react';
import styled from 'styled-components';
import { Download } from 'lucide-react';
import { Button } from '../Button/Button.tsx';
import { testIds } from '../testIds.ts';
import { downloadCsv, rowsToCsv, tableToCsv } from './csvExport.ts';
import { dataTableSlots } from './slots.ts';
import type { DataTableQuery, DataTableState } from './useDataTable.tsx';

const Box = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Failure = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export interface DataTableCsvExportProps<TData> {
  dataTable: DataTableState<TData>;
  /** The download's name (`.csv` is added when missing). */
  fileName: string;
  /**
   * Server mode: every row of the query across pages (e.g. the same fetch with a large limit).
   * Without it a server-paged table exports the page it shows.
   */
  fetchAll?: (query: DataTableQuery) => Promise<readonly TData[]>;
  label?: string;
}

/** Downloads the current query's rows as CSV, with the visible columns' headers. */
export function DataTableCsvExport<TData>({
  dataTable,
  fileName,
  fetchAll,
  label = 'Export CSV',
}: DataTableCsvExportProps<TData>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const { table, query, isLoading } = dataTable;

  async function exportCsv() {
    setFailure(undefined);
    if (!fetchAll) {
      downloadCsv(fileName, tableToCsv(table));
      return;
    }
    setBusy(true);
    try {
      downloadCsv(fileName, rowsToCsv(table, await fetchAll(query)));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box data-slot={dataTableSlots.csvExport}>
      <Button
        icon={<Download size={14} aria-hidden />}
        data-testid={testIds.dataTable.exportCsv}
        disabled={isLoading}
        loading={busy}
        onClick={() => void exportCsv()}
      >
        {label}
      </Button>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Box>
  );
}
