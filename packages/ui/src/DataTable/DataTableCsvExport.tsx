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

const Progress = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
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
  /**
   * Server mode, preferred: one page of the query (its `pageIndex`/`pageSize` set by the export)
   * with the total. The export reads every page, shows its progress, and stops at `cap` rows,
   * saying so: it never cuts the file silently. Defaults to the table's own `exportPage`
   * (`useServerList`'s).
   */
  fetchPage?: (query: DataTableQuery) => Promise<{ rows: readonly TData[]; total?: number }>;
  /** The most rows one export reads; default `csvExportCap` (10,000, the backend's max rows). */
  cap?: number;
  label?: string;
}

/** Rows per request of a paged export. */
export const csvExportPageSize = 500;
/** The most rows an export reads unless told otherwise: the backend answers at most 10,000 per read. */
export const csvExportCap = 10_000;

const count = (value: number) => value.toLocaleString('en-US');

/** Reads every page of `query` through `fetchPage` up to `cap` rows, reporting progress. */
export async function fetchEveryPage<TData>(
  fetchPage: NonNullable<DataTableCsvExportProps<TData>['fetchPage']>,
  query: DataTableQuery,
  cap: number,
  onProgress: (done: number, total: number) => void,
): Promise<{ rows: TData[]; total: number }> {
  const rows: TData[] = [];
  let total = Infinity;
  let answered = 0;
  for (let pageIndex = 0; rows.length < Math.min(total, cap); pageIndex += 1) {
    const page = await fetchPage({ ...query, pageIndex, pageSize: csvExportPageSize });
    answered += page.rows.length;
    // A page without a total: the list ends at its first short page.
    if (page.rows.length < csvExportPageSize) total = page.total ?? answered;
    else total = page.total ?? Infinity;
    rows.push(...page.rows.slice(0, cap - rows.length));
    onProgress(rows.length, total);
    if (page.rows.length < csvExportPageSize) break;
  }
  return { rows, total: Math.max(total, rows.length) };
}

/** Downloads the current query's rows as CSV, with the visible columns' headers. */
export function DataTableCsvExport<TData>({
  dataTable,
  fileName,
  fetchAll,
  fetchPage,
  cap = csvExportCap,
  label = 'Export CSV',
}: DataTableCsvExportProps<TData>) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const { table, query, isLoading } = dataTable;
  const pages = fetchPage ?? dataTable.exportPage;

  async function exportCsv() {
    setFailure(undefined);
    setProgress(undefined);
    if (pages) {
      setBusy(true);
      try {
        const { rows, total } = await fetchEveryPage(pages, query, cap, (done, of) =>
          setProgress(
            Number.isFinite(of)
              ? `Exporting ${count(done)} of ${count(Math.min(of, cap))} rows…`
              : `Exporting ${count(done)} rows…`,
          ),
        );
        downloadCsv(fileName, rowsToCsv(table, rows));
        setProgress(
          rows.length < total
            ? Number.isFinite(total)
              ? `Exported the first ${count(rows.length)} of ${count(total)} rows (the export's limit is ${count(cap)}).`
              : `Exported the first ${count(rows.length)} rows; there are more (the export's limit is ${count(cap)}).`
            : `Exported ${count(rows.length)} rows.`,
        );
      } catch (error) {
        setProgress(undefined);
        setFailure(error instanceof Error ? error.message : 'The export failed.');
      } finally {
        setBusy(false);
      }
      return;
    }
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
      <Progress role="status">{progress}</Progress>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Box>
  );
}
