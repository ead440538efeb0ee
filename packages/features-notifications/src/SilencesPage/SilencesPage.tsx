import {
  expireSilence,
  listSilences,
  notificationKeys,
  silencesQuery,
  type NotificationSilence,
  type SilencesQuery,
  type SilenceState,
} from '@opsdeck/api-client/notifications';
import { applyOptimistic, useApiClient } from '@opsdeck/api-client/react';
import { parseRouteSearch } from '@opsdeck/extensions';
import { Can } from '@opsdeck/rbac/react';
import {
  Button,
  formatDate,
  Moment,
  PageActions,
  PageLayout as Page,
  TruncatedText,
  useToast,
  useUrlState,
} from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableRoot,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
  type DataTableState,
} from '@opsdeck/ui/data-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import styled from 'styled-components';
import { NotificationsNav } from '../components/NotificationsNav.tsx';
import { ResourceLink } from '../components/ResourceLink.tsx';
import { isSilenceExpired, silenceResource } from '../model/silenceForm.ts';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';

const silencesTable = { id: 'silences', filters: ['state'], defaultSort: null } as const;

const states: readonly { value: SilenceState; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'all', label: 'All' },
];

const StateSwitch = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xxs};
`;

// One line, cut with an ellipsis (the whole on hover or focus): at 390 px a long CEL filter that
// wrapped anywhere took one character per line.
const Code = styled.code`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** Active, expired or all: one of three, in the URL. */
function StateFilter({
  dataTable,
  state,
}: {
  dataTable: DataTableState<NotificationSilence>;
  state: SilenceState;
}) {
  return (
    <StateSwitch role="group" aria-label="Silences shown">
      {states.map((option) => (
        <Button
          key={option.value}
          size="small"
          variant={option.value === state ? 'primary' : 'secondary'}
          aria-pressed={option.value === state}
          onClick={() =>
            dataTable.setFilter('state', option.value === 'active' ? '' : option.value)
          }
        >
          {option.label}
        </Button>
      ))}
    </StateSwitch>
  );
}

/** A page of the silences list in the cache (the preview's data under the same key is not). */
function isSilencePage(data: unknown): data is { rows: NotificationSilence[]; total: number } {
  return (
    typeof data === 'object' && data !== null && Array.isArray((data as { rows?: unknown }).rows)
  );
}

function ExpireButton({ silence }: { silence: NotificationSilence }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const expire = useMutation({
    mutationFn: () => expireSilence(client, silence),
    // Shown expired at once; put back, with the reason, if the server refuses.
    onMutate: () => {
      const until = new Date().toISOString();
      return applyOptimistic<unknown>(queryClient, notificationKeys.silences(), (data) =>
        isSilencePage(data)
          ? {
              ...data,
              rows: data.rows.map((row) => (row.id === silence.id ? { ...row, until } : row)),
            }
          : data,
      );
    },
    onSuccess: () => toast.success('Silence expired'),
    onError: (error, _variables, undo) => {
      undo?.();
      toast.error(`Could not expire the silence: ${error.message}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.silences() }),
  });
  if (isSilenceExpired(silence)) return null;
  return (
    <Button
      size="small"
      variant="secondary"
      loading={expire.isPending}
      onClick={(event) => {
        event.stopPropagation();
        expire.mutate();
      }}
    >
      Expire now
    </Button>
  );
}

const silenceColumns: ColumnDef<NotificationSilence>[] = [
  {
    id: 'resource',
    header: 'Resource',
    enableSorting: false,
    accessorFn: (silence) => silenceResource(silence)?.name ?? '',
    cell: ({ row }) => {
      const resource = silenceResource(row.original);
      return resource ? (
        <ResourceLink kind={resource.kind} id={resource.id} name={resource.name} />
      ) : (
        '—'
      );
    },
  },
  {
    id: 'filter',
    header: 'Filter',
    enableSorting: false,
    accessorFn: (silence) => silence.filter ?? '',
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
    id: 'description',
    header: 'Description',
    enableSorting: false,
    accessorFn: (silence) => silence.description ?? '',
    cell: ({ row }) => <TruncatedText text={row.original.description} maxWidth="40ch" />,
  },
  {
    id: 'from',
    header: 'From',
    enableSorting: false,
    accessorFn: (silence) => formatDate(silence.from ?? null),
    cell: ({ row }) => <Moment value={row.original.from ?? null} fallback="—" />,
  },
  {
    id: 'until',
    header: 'Until',
    enableSorting: false,
    // reference §5: `until` null is indefinitely.
    accessorFn: (silence) => (silence.until ? formatDate(silence.until) : 'Indefinitely'),
    cell: ({ row }) =>
      row.original.until ? <Moment value={row.original.until} /> : 'Indefinitely',
  },
  {
    id: 'created_by',
    header: 'Created by',
    enableSorting: false,
    accessorFn: (silence) => silence.createdBy?.name ?? silence.createdBy?.email ?? '',
  },
  {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: ({ row }) => (
      <Can resource="notifications" action="write">
        <ExpireButton silence={row.original} />
      </Can>
    ),
  },
];

function SilencesTable() {
  const client = useApiClient();
  const search = parseRouteSearch(notificationsRoutes.silences, useUrlState().searchParams);
  const state: SilenceState = search['silences.state.filter'] ?? 'active';
  const { dataTable } = useServerList({
    ...silencesTable,
    columns: silenceColumns,
    getRowId: (silence: NotificationSilence) => silence.id,
    request: (query): SilencesQuery => ({
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      state,
    }),
    page: (request: SilencesQuery) => silencesQuery(client, request),
    exportPage: (request: SilencesQuery) => listSilences(client, request),
  });
  return (
    <DataTableRoot>
      <DataTableToolbar dataTable={dataTable}>
        <StateFilter dataTable={dataTable} state={state} />
      </DataTableToolbar>
      <DataTableBody dataTable={dataTable} label="Silences" />
      <DataTablePager dataTable={dataTable} label="Silences pagination" />
    </DataTableRoot>
  );
}

/** `/notifications/silences`: active, expired or all silences; expire one now with write. */
export function SilencesPage() {
  return (
    <Page data-testid={notificationsTestIds.silences.root}>
      <NotificationsNav />
      <Can capability="silences.create">
        <PageActions>
          <Link to="/notifications/silences/add">Add silence</Link>
        </PageActions>
      </Can>
      <SilencesTable />
    </Page>
  );
}
