import {
  componentOptionsQuery,
  incidentListQuery,
  severityLevels,
  incidentStatuses,
  incidentTypes,
  listIncidents,
  type IncidentListQuery,
  type IncidentSummary,
} from '@opsdeck/api-client/incidents';
import { peopleQuery } from '@opsdeck/api-client/people';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Avatar, Moment, TruncatedText } from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableCsvExport,
  DataTablePager,
  DataTableRoot,
  DataTableSelectFilter,
  DataTableToolbar,
  useServerList,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { IncidentStatusTag, SeverityTag } from '../components/Tags.tsx';
import { incidentTable, toIncidentListQuery } from '../model/listQuery.ts';
import { capitalise, incidentStatusLabel, severityLabel, typeLabel } from '../model/status.ts';
import { incidentRoutes } from '../routes.ts';
import { incidentTestIds } from '../testIds.ts';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.sm};
  }
`;

const Person = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const statusOptions = incidentStatuses.map((value) => ({
  value,
  label: incidentStatusLabel(value),
}));
// The five levels shown (settings §3), not the seven stored values: Low finds every row shown Low.
const severityFilterOptions = severityLevels.map((value) => ({ value, label: capitalise(value) }));
const typeOptions = incidentTypes.map((value) => ({ value, label: typeLabel(value) }));

const columns: ColumnDef<IncidentSummary>[] = [
  {
    id: 'incident_id',
    header: 'ID',
    accessorFn: (row) => row.incident_id ?? '',
    cell: ({ row }) => <Muted>{row.original.incident_id}</Muted>,
  },
  {
    id: 'title',
    header: 'Title',
    accessorFn: (row) => row.title,
    // A 300-character title is cut, not allowed to push the other columns off screen.
    cell: ({ row }) => <TruncatedText text={row.original.title} />,
  },
  {
    id: 'severity',
    header: 'Severity',
    accessorFn: (row) => severityLabel(row.severity),
    cell: ({ row }) => <SeverityTag severity={row.original.severity} />,
  },
  {
    id: 'status',
    header: 'Status',
    // The CSV writes what the tag shows (Investigating, not investigating).
    accessorFn: (row) => incidentStatusLabel(row.status),
    cell: ({ row }) => <IncidentStatusTag status={row.original.status} />,
  },
  { id: 'type', header: 'Type', accessorFn: (row) => typeLabel(row.type) },
  {
    id: 'commander',
    header: 'Commander',
    enableSorting: false,
    accessorFn: (row) => row.commander?.name ?? '',
    cell: ({ row }) =>
      row.original.commander ? (
        <Person>
          <Avatar
            name={row.original.commander.name ?? ''}
            src={row.original.commander.avatar ?? undefined}
            size={20}
          />
          {row.original.commander.name}
        </Person>
      ) : null,
  },
  {
    id: 'responders',
    header: 'Responders',
    enableSorting: false,
    accessorFn: (row) => row.responders.length,
  },
  {
    id: 'created_at',
    header: 'Created',
    accessorFn: (row) => row.created_at ?? '',
    cell: ({ row }) =>
      row.original.created_at ? (
        <Muted>
          <Moment value={row.original.created_at} />
        </Muted>
      ) : null,
  },
];

function IncidentTable() {
  const client = useApiClient();
  const navigate = useNavigate();
  const incidentLink = useRouteLink(incidentRoutes.incident);
  const { dataTable } = useServerList({
    ...incidentTable,
    columns,
    getRowId: (row: IncidentSummary) => row.id,
    request: toIncidentListQuery,
    page: (query: IncidentListQuery) => incidentListQuery(client, query),
    exportPage: (query: IncidentListQuery) => listIncidents(client, query),
  });
  const people = useQuery(peopleQuery(client));
  const components = useQuery(componentOptionsQuery(client));

  return (
    <DataTableRoot>
      <DataTableToolbar
        dataTable={dataTable}
        searchLabel="Search incidents"
        actions={<DataTableCsvExport dataTable={dataTable} fileName="incidents" />}
      >
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="status"
          label="Status"
          options={statusOptions}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="severity"
          label="Severity"
          options={severityFilterOptions}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="type"
          label="Type"
          options={typeOptions}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="commander"
          label="Commander"
          options={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
        />
        <DataTableSelectFilter
          dataTable={dataTable}
          filterKey="component"
          label="Component"
          options={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </DataTableToolbar>
      <DataTableBody
        dataTable={dataTable}
        label="Incidents"
        rowActionDescription="Opens the incident"
        onRowClick={incidentLink ? (row) => void navigate(incidentLink({ id: row.id })) : undefined}
        empty="No incidents match these filters"
      />
      <DataTablePager dataTable={dataTable} label="Incidents pagination" />
    </DataTableRoot>
  );
}

/**
 * `/incidents` (console §2): every filter, the search, the sort and the page live in the URL
 * (`incidents.status.filter=open`…), so a reload or a shared link shows the same list.
 */
export function IncidentListPage() {
  return (
    <Page data-testid={incidentTestIds.list.root}>
      <IncidentTable />
    </Page>
  );
}
