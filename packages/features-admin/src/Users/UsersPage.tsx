import {
  adminKeys,
  deactivateUser,
  setUserRole,
  usersQuery,
  type AdminUser,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { ROLES } from '@opsdeck/rbac';
import { useCan } from '@opsdeck/rbac/react';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  formatDate,
  Moment,
  Select,
  TruncatedText,
  useToast,
} from '@opsdeck/ui';
import {
  DataTableBody,
  DataTableRoot,
  DataTableToolbar,
  useDataTable,
  type ColumnDef,
} from '@opsdeck/ui/data-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Actions, Page } from '../components/PageLayout.ts';
import { messageOf } from '../model/messages.ts';
import { adminTestIds } from '../testIds.ts';
import { InviteUserModal } from './InviteUserModal.tsx';

const noRows: AdminUser[] = [];
const roleOptions = ROLES.map((role) => ({ value: role, label: role }));

function useUserMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.users() });
  const changeRole = useMutation({
    mutationFn: ({ user, role }: { user: AdminUser; role: string }) =>
      setUserRole(client, user.id, role),
    onSuccess: (_, { user, role }) => {
      toast.success(`${user.name} is now ${role}`);
      return refresh();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const deactivate = useMutation({
    mutationFn: (user: AdminUser) => deactivateUser(client, user.id),
    onSuccess: (_, user) => {
      toast.success(`${user.name} deactivated`);
      return refresh();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  return { changeRole, deactivate };
}

function columnsOf(
  canWrite: boolean,
  onRole: (user: AdminUser, role: string) => void,
  onDeactivate: (user: AdminUser) => void,
): ColumnDef<AdminUser>[] {
  return [
    // A long name or email is cut (whole on hover and focus) so the other columns stay on screen.
    {
      id: 'name',
      header: 'Name',
      accessorFn: (user) => user.name,
      cell: ({ row }) => <TruncatedText text={row.original.name} maxWidth="30ch" />,
    },
    {
      id: 'email',
      header: 'Email',
      accessorFn: (user) => user.email,
      cell: ({ row }) => <TruncatedText text={row.original.email} maxWidth="30ch" />,
    },
    {
      id: 'roles',
      header: 'Roles',
      enableSorting: false,
      accessorFn: (user) => user.roles.join(', '),
      cell: ({ row }) => {
        const user = row.original;
        if (!canWrite || user.state !== 'active') return user.roles.join(', ');
        return (
          <Select
            label={`Role of ${user.name}`}
            hideLabel
            options={roleOptions}
            value={user.roles[0] ?? null}
            placeholder={user.roles.length ? user.roles.join(', ') : 'No role'}
            onChange={(role) => onRole(user, role)}
          />
        );
      },
    },
    {
      id: 'lastLogin',
      header: 'Last login',
      accessorFn: (user) => formatDate(user.lastLogin),
      cell: ({ row }) =>
        row.original.lastLogin ? <Moment value={row.original.lastLogin} /> : 'Never',
    },
    {
      id: 'state',
      header: 'State',
      accessorFn: (user) => user.state,
      cell: ({ row }) => (
        <Badge color={row.original.state === 'active' ? 'green' : 'gray'}>
          {row.original.state}
        </Badge>
      ),
    },
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: 'Actions',
            enableSorting: false,
            cell: ({ row }: { row: { original: AdminUser } }) =>
              row.original.state === 'active' ? (
                // Named for the person; the row already shows who, so the text is the verb alone.
                <Button
                  variant="danger"
                  size="small"
                  aria-label={`Deactivate ${row.original.name}`}
                  onClick={() => onDeactivate(row.original)}
                >
                  Deactivate
                </Button>
              ) : null,
          } satisfies ColumnDef<AdminUser>,
        ]
      : []),
  ];
}

/** `/settings/users`: people with their roles, last login and state; admins invite, change and deactivate. */
export function UsersPage() {
  const client = useApiClient();
  // The server allows identity writes to admins alone (identities in the role matrix).
  const canWrite = useCan('identities', 'write');
  const users = useQuery(usersQuery(client));
  const { changeRole, deactivate } = useUserMutations();
  const [inviting, setInviting] = useState(false);
  // `?invite=user` (the palette's Invite user) opens the invite dialog too; closing drops the ask.
  const [search, setSearch] = useSearchParams();
  const asked = canWrite && search.get('invite') === 'user';
  const stopInviting = () => {
    setInviting(false);
    if (asked)
      setSearch(
        (previous) => {
          previous.delete('invite');
          return previous;
        },
        { replace: true },
      );
  };
  const [leaving, setLeaving] = useState<AdminUser>();
  const columns = useMemo(
    () =>
      columnsOf(
        canWrite,
        (user, role) => changeRole.mutate({ user, role }),
        (user) => setLeaving(user),
      ),
    // The mutations' identity changes each render; their `mutate` does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canWrite],
  );
  const dataTable = useDataTable({
    id: 'users',
    mode: 'client',
    defaultSort: { id: 'name', desc: false },
    searchKey: 'search',
    rememberPageSize: false,
    columns,
    data: users.data ?? noRows,
    getRowId: (user) => user.id,
    isLoading: users.isPending,
    error: users.data ? undefined : (users.error ?? undefined),
  });
  return (
    <Page data-testid={adminTestIds.users.page}>
      {canWrite ? (
        <Actions>
          <Button onClick={() => setInviting(true)}>Invite user</Button>
        </Actions>
      ) : null}
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable} searchLabel="Search users" />
        <DataTableBody
          dataTable={dataTable}
          label="Users"
          empty={<EmptyState kind="resources" />}
        />
      </DataTableRoot>
      {inviting || asked ? <InviteUserModal onClose={stopInviting} /> : null}
      <ConfirmDialog
        open={leaving !== undefined}
        title={`Deactivate ${leaving?.name ?? ''}?`}
        description="They are signed out and can no longer sign in."
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
        onCancel={() => setLeaving(undefined)}
        onConfirm={() => {
          if (leaving) deactivate.mutate(leaving, { onSettled: () => setLeaving(undefined) });
        }}
      />
    </Page>
  );
}
