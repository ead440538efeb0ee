import {
  auditQuery,
  listAudit,
  usersQuery,
  type AuditEntry,
  type AuditQuery,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { Badge, EmptyState, formatDate, Moment, type BadgeColor } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableSelectFilter,
  DataTableTimeRangeFilter,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { OneLineRows, Page } from '../components/PageLayout.ts';
import {
  auditActions,
  auditActorLabel,
  auditRequest,
  auditTable,
  auditTables,
  systemActor,
} from '../model/audit.ts';
import { adminTestIds } from '../testIds.ts';
import { AuditDiff } from './AuditDiff.tsx';
import { useAuditResourceHref } from './useAuditResourceHref.ts';

const actionColor: Record<string, BadgeColor> = {
  insert: 'green',
  update: 'yellow',
  delete: 'red',
};
const actionOptions = auditActions.map((action) => ({ value: action, label: action }));
const tableOptions = auditTables.map((table) => ({ value: table, label: table }));

function columnsOf(
  actorOf: (actor: string | null | undefined) => string,
  hrefOf: (table: string, id: string | undefined) => string | undefined,
): ColumnDef<AuditEntry>[] {
  return [
    {
      id: 'at',
      header: 'When',
      accessorFn: (entry) => formatDate(entry.at),
      cell: ({ row }) => <Moment value={row.original.at} />,
    },
    {
      id: 'actor',
      header: 'Person',
      enableSorting: false,
      accessorFn: (entry) => actorOf(entry.actor),
    },
    { id: 'table_name', header: 'Table', enableSorting: false, accessorFn: (e) => e.table_name },
    {
      id: 'action',
      header: 'Action',
      enableSorting: false,
      accessorFn: (entry) => entry.action,
      cell: ({ row }) => (
        <Badge color={actionColor[row.original.action] ?? 'neutral'}>{row.original.action}</Badge>
      ),
    },
    {
      id: 'resource',
      header: 'Resource',
      enableSorting: false,
      accessorFn: (entry) => (entry.ids ?? []).join(' '),
      cell: ({ row }) => {
        const entry = row.original;
        const count = entry.row_count ?? entry.ids?.length ?? 0;
        if (count !== 1) return `${count} rows`;
        const id = entry.ids?.[0];
        const href = hrefOf(entry.table_name, id);
        const name = id ?? '';
        // The link's own click opens the resource, not the row's diff.
        return href ? (
          <Link to={href} onClick={(event) => event.stopPropagation()}>
            {name}
          </Link>
        ) : (
          name
        );
      },
    },
  ];
}

/**
 * `/settings/audit` (issue 37, beyond the reference): every write the server recorded, filtered
 * by person, table, action and time in the URL and paged there; a row opens its before/after.
 */
export function AuditPage() {
  const client = useApiClient();
  const [open, setOpen] = useState<AuditEntry>();
  const people = useQuery(usersQuery(client));
  const names = useMemo(
    () => new Map((people.data ?? []).map((person) => [person.id, person.name])),
    [people.data],
  );
  const actorOf = (actor: string | null | undefined) => auditActorLabel(actor, names);
  const hrefOf = useAuditResourceHref();
  const columns = useMemo(
    () => columnsOf((actor) => auditActorLabel(actor, names), hrefOf),
    // The resolver is rebuilt each render from the same bindings; the names decide the labels.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [names],
  );
  const { dataTable } = useServerList({
    ...auditTable,
    columns,
    getRowId: (entry: AuditEntry) => String(entry.id),
    request: (query) => auditRequest(query),
    page: (request: AuditQuery) => auditQuery(client, request),
    exportPage: (request: AuditQuery) => listAudit(client, request),
  });
  const actorOptions = [
    { value: systemActor, label: 'System' },
    ...(people.data ?? []).map((person) => ({ value: person.id, label: person.name })),
  ];
  return (
    <Page data-testid={adminTestIds.audit.page}>
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable}>
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="actor"
            label="Person"
            options={actorOptions}
          />
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="table"
            label="Table"
            options={tableOptions}
          />
          <DataTableSelectFilter
            dataTable={dataTable}
            filterKey="action"
            label="Action"
            options={actionOptions}
          />
          <DataTableTimeRangeFilter dataTable={dataTable} indefiniteLabel="Any time" />
          <DataTableCsvExport dataTable={dataTable} fileName="audit" />
        </DataTableToolbar>
        <OneLineRows>
          <DataTableBody
            dataTable={dataTable}
            label="Audit trail"
            rowActionDescription="Opens the rows before and after the write"
            onRowClick={(entry) => setOpen(entry)}
            empty={<EmptyState title="No writes recorded" />}
          />
        </OneLineRows>
        <DataTablePager dataTable={dataTable} label="Audit trail pagination" />
      </DataTableRoot>
      {open ? (
        <AuditDiff entry={open} actor={actorOf(open.actor)} onClose={() => setOpen(undefined)} />
      ) : null}
    </Page>
  );
}
