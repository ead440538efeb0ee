import {
  listNotificationSends,
  notificationRulesQuery,
  notificationSendsQuery,
  notificationSendStatuses,
  sendResourceTypesQuery,
  type NotificationSend,
  type NotificationSendsQuery,
} from '@opsdeck/api-client/notifications';
import { useApiClient } from '@opsdeck/api-client/react';
import { parseRouteSearch } from '@opsdeck/extensions';
import { formatDate, Moment, PageLayout as Page, useUrlState } from '@opsdeck/ui';
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
import { useSearchParams } from 'react-router';
import { NotificationsNav } from '../components/NotificationsNav.tsx';
import { ResourceLink } from '../components/ResourceLink.tsx';
import { SendStatusBadge } from '../components/SendStatusBadge.tsx';
import {
  sendResourceName,
  sendsFilterKeys,
  sendsRequest,
  sendStatusLabel,
} from '../model/sends.ts';
import { ruleLabel } from '../model/rules.ts';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';
import { SendDetail } from './SendDetail.tsx';

const sendsTable = { id: 'sends', filters: [...sendsFilterKeys], defaultSort: null } as const;

const statusOptions = notificationSendStatuses.map((status) => ({
  value: status,
  label: sendStatusLabel(status),
}));

const sendColumns: ColumnDef<NotificationSend>[] = [
  {
    id: 'resource',
    header: 'Resource',
    enableSorting: false,
    accessorFn: (send) => sendResourceName(send),
    cell: ({ row }) =>
      row.original.resource_id ? (
        <ResourceLink
          kind={row.original.resource_kind}
          id={row.original.resource_id}
          name={sendResourceName(row.original)}
        />
      ) : null,
  },
  {
    id: 'resource_type',
    header: 'Type',
    enableSorting: false,
    accessorFn: (send) => send.resource_type ?? '',
  },
  {
    id: 'event',
    header: 'Event',
    enableSorting: false,
    accessorFn: (send) => send.source_event ?? '',
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    accessorFn: (send) => sendStatusLabel(send.status),
    cell: ({ row }) => <SendStatusBadge status={row.original.status} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    enableSorting: false,
    accessorFn: (send) => formatDate(send.created_at ?? null),
    cell: ({ row }) => <Moment value={row.original.created_at ?? null} />,
  },
];

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function SendsTable({ onOpen }: { onOpen: (send: NotificationSend) => void }) {
  const client = useApiClient();
  // The filters as the route's schema reads them: a hand-edited status it refuses is not asked for.
  const search = parseRouteSearch(notificationsRoutes.history, useUrlState().searchParams);
  const { dataTable } = useServerList({
    ...sendsTable,
    columns: sendColumns,
    getRowId: (send: NotificationSend) => send.id,
    request: (query) =>
      sendsRequest({
        ...query,
        filters: definedOnly({
          status: search['sends.status.filter'],
          resourceType: search['sends.resourceType.filter'],
          rule: search['sends.rule.filter'],
        }),
      }),
    page: (request: NotificationSendsQuery) => notificationSendsQuery(client, request),
    exportPage: (request: NotificationSendsQuery) => listNotificationSends(client, request),
  });
  const rules = useQuery(notificationRulesQuery(client));
  const resourceTypes = useQuery(sendResourceTypesQuery(client));
  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        actions={<DataTableCsvExport dataTable={dataTable} fileName="notifications" />}
      >
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="resourceType"
          label="Resource type"
          options={(resourceTypes.data ?? []).map((type) => ({ value: type, label: type }))}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="rule"
          label="Rule"
          options={(rules.data ?? []).map((rule) => ({
            value: rule.id,
            label: ruleLabel(rule),
          }))}
        />
        {/* No range picked: every send is listed, and the button says so. */}
        <DataTableTimeRangeFilter dataTable={dataTable} indefiniteLabel="All time" />
      </DataTableToolbar>
      <DataTableBody
        dataTable={dataTable}
        label="Notifications"
        onRowClick={onOpen}
        rowActionDescription="Opens the notification"
      />
      <DataTablePager dataTable={dataTable} label="Notifications pagination" />
    </DataTableRoot>
  );
}

/** `/notifications`: the send history, filtered and paged in the URL; `?id=` opens a send. */
export function NotificationHistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('id');
  const setOpen = (id: string | undefined) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (id) next.set('id', id);
      else next.delete('id');
      return next;
    });
  return (
    <Page data-testid={notificationsTestIds.history.root}>
      <NotificationsNav />
      <SendsTable onOpen={(send) => setOpen(send.id)} />
      {openId ? <SendDetail id={openId} onClose={() => setOpen(undefined)} /> : null}
    </Page>
  );
}
