import {
  eventQueueSummaryQuery,
  failedEventsQuery,
  listEventQueueSummary,
  type EventQueueEntry,
  type EventQueueQuery,
  type EventQueueSummary,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { EmptyState, formatDate, Modal, Moment, Spinner, TruncatedText } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Alert, Muted, OneLineRows, Page } from '../components/PageLayout.ts';
import { eventQueueRequest, eventQueueTable, formatAttempts } from '../model/eventQueue.ts';
import { messageOf } from '../model/messages.ts';
import { adminTestIds } from '../testIds.ts';

const columns: ColumnDef<EventQueueSummary>[] = [
  { id: 'name', header: 'Name', accessorFn: (event) => event.name },
  { id: 'pending', header: 'Pending', accessorFn: (event) => event.pending ?? 0 },
  { id: 'failed', header: 'Failed', accessorFn: (event) => event.failed ?? 0 },
  {
    id: 'average_attempts',
    header: 'Average attempts',
    accessorFn: (event) => formatAttempts(event.average_attempts),
  },
  {
    id: 'first_failure',
    header: 'First failure',
    accessorFn: (event) => formatDate(event.first_failure),
    cell: ({ row }) =>
      row.original.first_failure ? <Moment value={row.original.first_failure} /> : null,
  },
  {
    id: 'last_failure',
    header: 'Last failure',
    accessorFn: (event) => formatDate(event.last_failure),
    cell: ({ row }) =>
      row.original.last_failure ? <Moment value={row.original.last_failure} /> : null,
  },
  {
    id: 'most_common_error',
    header: 'Error',
    accessorFn: (event) => event.most_common_error ?? '',
    cell: ({ row }) => <TruncatedText text={row.original.most_common_error} />,
  },
];

const Entries = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Entry = styled.li`
  display: grid;
  gap: 4px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Properties = styled.pre`
  margin: 0;
  max-height: 12rem;
  overflow: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

function FailedEntry({ entry }: { entry: EventQueueEntry }) {
  return (
    <Entry>
      <Muted>
        {`Attempts ${entry.attempts ?? 0}`}
        {entry.last_attempt ? (
          <>
            {', last '}
            <Moment value={entry.last_attempt} />
          </>
        ) : null}
      </Muted>
      {entry.error ? <Alert>{entry.error}</Alert> : null}
      {entry.properties && Object.keys(entry.properties).length > 0 ? (
        <Properties aria-label="Properties">{JSON.stringify(entry.properties, null, 2)}</Properties>
      ) : null}
    </Entry>
  );
}

/** The failed entries of one event name (reference: event_queue is readable under /api/db). */
function FailedEvents({ name, onClose }: { name: string; onClose: () => void }) {
  const client = useApiClient();
  const failed = useQuery(failedEventsQuery(client, name));
  return (
    <Modal.Root open onClose={onClose} size="large" data-testid={adminTestIds.eventQueue.failed}>
      <Modal.Header>{`Failed ${name} events`}</Modal.Header>
      <Modal.Body>
        {failed.isPending ? (
          <Spinner label="Loading the failed events" />
        ) : failed.isError ? (
          <Alert role="alert">{messageOf(failed.error)}</Alert>
        ) : failed.data.length === 0 ? (
          <EmptyState title="No failed events" />
        ) : (
          <Entries>
            {failed.data.map((entry) => (
              <FailedEntry key={entry.id} entry={entry} />
            ))}
          </Entries>
        )}
      </Modal.Body>
    </Modal.Root>
  );
}

/** `/settings/event-queue-status`: each event name with its waiting and failed events (console §2). */
export function EventQueuePage() {
  const client = useApiClient();
  const [open, setOpen] = useState<string>();
  const { dataTable } = useServerList({
    ...eventQueueTable,
    columns,
    getRowId: (event: EventQueueSummary) => event.name,
    request: eventQueueRequest,
    page: (request: EventQueueQuery) => eventQueueSummaryQuery(client, request),
    exportPage: (request: EventQueueQuery) => listEventQueueSummary(client, request),
  });
  return (
    <Page data-testid={adminTestIds.eventQueue.page}>
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable}>
          <DataTableCsvExport dataTable={dataTable} fileName="event-queue" />
        </DataTableToolbar>
        <OneLineRows>
          <DataTableBody
            dataTable={dataTable}
            label="Event queue"
            rowActionDescription="Opens the failed events of this name"
            onRowClick={(event) => setOpen(event.name)}
            empty={<EmptyState title="The event queue is empty" />}
          />
        </OneLineRows>
        <DataTablePager dataTable={dataTable} label="Event queue pagination" />
      </DataTableRoot>
      {open ? <FailedEvents name={open} onClose={() => setOpen(undefined)} /> : null}
    </Page>
  );
}
