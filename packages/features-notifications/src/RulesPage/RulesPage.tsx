import {
  listNotificationRuleSummaries,
  notificationRuleSummariesQuery,
  type NotificationRulesQuery,
  type NotificationRuleSummary,
} from '@opsdeck/api-client/notifications';
import { useApiClient } from '@opsdeck/api-client/react';
import { parseRouteSearch } from '@opsdeck/extensions';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Can, useCan } from '@opsdeck/rbac/react';
import {
  Button,
  formatDate,
  Moment,
  PageActions,
  PageLayout as Page,
  TruncatedText,
  useUrlState,
} from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { Link } from 'react-router';
import styled from 'styled-components';
import { NotificationsNav } from '../components/NotificationsNav.tsx';
import { ruleLabel, ruleRecipients } from '../model/rules.ts';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';
import { RuleEditor } from './RuleEditor.tsx';

// One line, cut with an ellipsis (the whole on hover or focus): at 390 px a long CEL filter that
// wrapped anywhere took one character per line.
const Code = styled.code`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** A rule's failure count, linked to the history narrowed to its errors (the history's own schema). */
function FailedSends({ rule }: { rule: NotificationRuleSummary }) {
  const toHistory = useRouteLink(notificationsRoutes.history);
  if (!rule.failed || !toHistory) return <>{rule.failed ?? 0}</>;
  return (
    <Link
      to={toHistory({}, { 'sends.rule.filter': rule.id, 'sends.status.filter': 'error' })}
      aria-label={`${rule.failed} failed sends of ${ruleLabel(rule)}`}
    >
      {rule.failed}
    </Link>
  );
}

const rulesTable = { id: 'rules', defaultSort: null } as const;

const ruleColumns: ColumnDef<NotificationRuleSummary>[] = [
  {
    id: 'name',
    header: 'Rule',
    enableSorting: false,
    accessorFn: (rule) => ruleLabel(rule),
    cell: ({ row }) => <TruncatedText text={ruleLabel(row.original)} maxWidth="40ch" />,
  },
  {
    id: 'events',
    header: 'Events',
    enableSorting: false,
    accessorFn: (rule) => rule.events.join(', '),
  },
  {
    id: 'filter',
    header: 'Filter',
    enableSorting: false,
    accessorFn: (rule) => rule.filter ?? '',
    cell: ({ row }) =>
      row.original.filter ? (
        <Code>
          <TruncatedText text={row.original.filter} maxWidth="30ch" />
        </Code>
      ) : (
        '—'
      ),
  },
  {
    id: 'recipients',
    header: 'Recipients',
    enableSorting: false,
    accessorFn: (rule) => ruleRecipients(rule).join(', '),
  },
  {
    id: 'sent',
    header: 'Sent',
    enableSorting: false,
    accessorFn: (rule) => rule.sent ?? 0,
  },
  {
    id: 'failed',
    header: 'Failed',
    enableSorting: false,
    accessorFn: (rule) => rule.failed ?? 0,
    cell: ({ row }) => <FailedSends rule={row.original} />,
  },
  {
    id: 'last_failed_at',
    header: 'Last failure',
    enableSorting: false,
    accessorFn: (rule) => formatDate(rule.last_failed_at ?? null),
    cell: ({ row }) => <Moment value={row.original.last_failed_at ?? null} fallback="—" />,
  },
  {
    id: 'most_common_error',
    header: 'Most common error',
    enableSorting: false,
    accessorFn: (rule) => rule.most_common_error ?? '',
    cell: ({ row }) => <TruncatedText text={row.original.most_common_error} maxWidth="40ch" />,
  },
];

/** The row's Edit, for those with write on notifications (the server decides again on save). */
const editColumn = (onEdit: (id: string) => void): ColumnDef<NotificationRuleSummary> => ({
  id: 'edit',
  header: 'Actions',
  enableSorting: false,
  cell: ({ row }) => (
    <Button
      size="small"
      variant="secondary"
      aria-label={`Edit ${ruleLabel(row.original)}`}
      onClick={() => onEdit(row.original.id)}
    >
      Edit
    </Button>
  ),
});

function RulesTable({ onEdit }: { onEdit: (id: string) => void }) {
  const client = useApiClient();
  const canWrite = useCan('notifications', 'write');
  const { dataTable } = useServerList({
    ...rulesTable,
    columns: canWrite ? [...ruleColumns, editColumn(onEdit)] : ruleColumns,
    getRowId: (rule: NotificationRuleSummary) => rule.id,
    request: (query): NotificationRulesQuery => ({
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    page: (request: NotificationRulesQuery) => notificationRuleSummariesQuery(client, request),
    exportPage: (request: NotificationRulesQuery) => listNotificationRuleSummaries(client, request),
  });
  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        actions={<DataTableCsvExport dataTable={dataTable} fileName="notification-rules" />}
      />
      <DataTableBody dataTable={dataTable} label="Notification rules" />
      <DataTablePager dataTable={dataTable} label="Notification rules pagination" />
    </DataTableRoot>
  );
}

const ReadOnlyNotice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** Why a link to the rule editor shows the list only, in the words of the permission. */
const readOnlyNotice =
  'You cannot add or edit notification rules: that needs write on notifications. Ask an admin to grant it.';

/**
 * `/notifications/rules`: each live rule with its events, filter, recipients and send counts;
 * `?edit=` opens the editor (a pushed entry, so Back closes it).
 */
export function RulesPage() {
  const canWrite = useCan('notifications', 'write');
  const { searchParams, setSearchParams } = useUrlState();
  const { edit } = parseRouteSearch(notificationsRoutes.rules, searchParams);
  const setEdit = (value: string | undefined) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value) next.set('edit', value);
      else next.delete('edit');
      return next;
    });
  return (
    <Page data-testid={notificationsTestIds.rules.root}>
      <NotificationsNav />
      <Can resource="notifications" action="write">
        <PageActions>
          <Button variant="primary" onClick={() => setEdit('new')}>
            Add rule
          </Button>
        </PageActions>
      </Can>
      {edit && !canWrite ? <ReadOnlyNotice role="note">{readOnlyNotice}</ReadOnlyNotice> : null}
      <RulesTable onEdit={setEdit} />
      {/* A link with ?edit= opens the editor only for a writer; a reader learns why it did not. */}
      {edit && canWrite ? (
        <RuleEditor key={edit} edit={edit} onClose={() => setEdit(undefined)} />
      ) : null}
    </Page>
  );
}
