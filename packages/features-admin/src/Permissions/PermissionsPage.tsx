import {
  adminKeys,
  deletePermission,
  listPermissions,
  permissionsQuery,
  type Permission,
  type PermissionsQuery,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  formatDate,
  Moment,
  useToast,
} from '@opsdeck/ui';
import {
  DataTableBody,
  DataTablePager,
  DataTableRoot,
  useServerList,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Actions, Page } from '../components/PageLayout.ts';
import { messageOf } from '../model/messages.ts';
import { permissionResourceName, permissionSubjectName } from '../model/permissionForm.ts';
import { adminTestIds } from '../testIds.ts';
import { PermissionModal } from './PermissionModal.tsx';

const creatorName = (row: Permission) =>
  typeof row.created_by === 'string' ? row.created_by : (row.created_by?.name ?? '');

const columns: ColumnDef<Permission>[] = [
  {
    id: 'resource',
    header: 'Resource',
    enableSorting: false,
    accessorFn: permissionResourceName,
  },
  {
    id: 'subject',
    header: 'Subject',
    enableSorting: false,
    accessorFn: permissionSubjectName,
    cell: ({ row }) =>
      row.original.subject_type === 'notification' && row.original.notification_id ? (
        // settings §2: a notification subject links to its rule.
        <Link
          to={`/notifications/rules?id=${encodeURIComponent(row.original.notification_id)}`}
          onClick={(event) => event.stopPropagation()}
        >
          {permissionSubjectName(row.original)}
        </Link>
      ) : (
        permissionSubjectName(row.original)
      ),
  },
  {
    id: 'action',
    header: 'Action',
    enableSorting: false,
    accessorFn: (row) => `${row.deny ? 'deny ' : ''}${row.action ?? ''}`,
    cell: ({ row }) => (
      <>
        {row.original.deny ? <Badge color="red">deny</Badge> : null} {row.original.action}
      </>
    ),
  },
  {
    id: 'updated_at',
    header: 'Updated',
    enableSorting: false,
    accessorFn: (row) => formatDate(row.updated_at),
    cell: ({ row }) => <Moment value={row.original.updated_at} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    enableSorting: false,
    accessorFn: (row) => formatDate(row.created_at),
    cell: ({ row }) => <Moment value={row.original.created_at} />,
  },
  { id: 'created_by', header: 'Created By', enableSorting: false, accessorFn: creatorName },
];

const permissionsTable = { id: 'permissions', defaultSort: null, rememberPageSize: false } as const;

/** `/settings/permissions`: the permission rows, paged; writers add, edit and delete them. */
export function PermissionsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canWrite = useCan('permissions', 'write');
  const [editing, setEditing] = useState<Permission | null | undefined>();
  const [deleting, setDeleting] = useState<Permission>();
  const { dataTable } = useServerList({
    ...permissionsTable,
    columns,
    getRowId: (row: Permission) => row.id,
    request: (query): PermissionsQuery => ({
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    page: (request: PermissionsQuery) => permissionsQuery(client, request),
    exportPage: (request: PermissionsQuery) => listPermissions(client, request),
  });
  const remove = useMutation({
    mutationFn: (row: Permission) => deletePermission(client, row.id),
    onSuccess: () => {
      toast.success('Permission deleted');
      setEditing(undefined);
      return queryClient.invalidateQueries({ queryKey: adminKeys.permissions() });
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  return (
    <Page data-testid={adminTestIds.permissions.page}>
      {canWrite ? (
        <Actions>
          <Button onClick={() => setEditing(null)}>Add Permission</Button>
        </Actions>
      ) : null}
      <DataTableRoot>
        <DataTableBody
          dataTable={dataTable}
          label="Permissions"
          rowActionDescription="Opens the permission"
          onRowClick={(row) => setEditing(row)}
          empty={<EmptyState kind="resources" />}
        />
        <DataTablePager dataTable={dataTable} label="Permissions pagination" />
      </DataTableRoot>
      {editing !== undefined ? (
        <PermissionModal
          permission={editing}
          canWrite={canWrite}
          onClose={() => setEditing(undefined)}
          onDelete={(row) => setDeleting(row)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete Permission"
        description="Are you sure you want to delete the permission?"
        loading={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(undefined) });
        }}
      />
    </Page>
  );
}
