import {
  adminKeys,
  agentsQuery,
  deleteAgent,
  NAME_MAX_LENGTH,
  registerAgent,
  type Agent,
  type GeneratedAgent,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import {
  Button,
  ConfirmDialog,
  CopyToClipboard,
  EmptyState,
  formatDate,
  Modal,
  Moment,
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
import { TextField } from '@opsdeck/ui/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Actions, Alert, Muted, Page } from '../components/PageLayout.ts';
import { agentInstallCommand } from '../model/agents.ts';
import { messageOf } from '../model/messages.ts';
import { adminTestIds } from '../testIds.ts';

const Pre = styled.pre`
  margin: 0;
  overflow-x: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const noRows: Agent[] = [];

function validateAgent(values: { name: string }) {
  const name = values.name.trim();
  if (!name) return { name: 'Name is required' };
  if (name.length > NAME_MAX_LENGTH) return { name: `At most ${NAME_MAX_LENGTH} characters` };
  return {};
}

function RegisterAgentModal({ onClose }: { onClose: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ name: string; agent: GeneratedAgent }>();
  const register = useMutation({
    mutationFn: (values: { name: string; description: string }) =>
      registerAgent(client, {
        name: values.name.trim(),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      }),
    onSuccess: (agent, values) => {
      setDone({ name: values.name.trim(), agent });
      void queryClient.invalidateQueries({ queryKey: adminKeys.agents() });
    },
  });
  const command = done
    ? agentInstallCommand({
        name: done.name,
        username: done.agent.username,
        token: done.agent.access_token,
        upstream: window.location.origin,
      })
    : '';
  return (
    <Modal.Root open onClose={onClose} size="medium" data-testid={adminTestIds.agents.register}>
      <Modal.Header>Register agent</Modal.Header>
      {done ? (
        <>
          <Modal.Body>
            <Muted>The agent’s token is shown this once. Install the agent with it:</Muted>
            <Pre data-testid={adminTestIds.agents.command}>{command}</Pre>
            <CopyToClipboard value={command} label="Copy install command" />
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onClose}>Done</Button>
          </Modal.Footer>
        </>
      ) : (
        <Formik
          initialValues={{ name: '', description: '' }}
          validate={validateAgent}
          onSubmit={async (values) => {
            await register.mutateAsync(values).catch(() => undefined);
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Modal.Body>
                <TextField name="name" label="Name" required autoComplete="off" />
                <TextField name="description" label="Description" autoComplete="off" />
                {register.error ? <Alert role="alert">{messageOf(register.error)}</Alert> : null}
              </Modal.Body>
              <Modal.Footer>
                <Button variant="secondary" type="button" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  Register
                </Button>
              </Modal.Footer>
            </Form>
          )}
        </Formik>
      )}
    </Modal.Root>
  );
}

/** `/settings/agents`: agents_summary; writers register an agent (token shown once) and delete one. */
export function AgentsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canWrite = useCan('agents', 'write');
  const list = useQuery(agentsQuery(client));
  const [registering, setRegistering] = useState(false);
  const [deleting, setDeleting] = useState<Agent>();
  const remove = useMutation({
    mutationFn: (agent: Agent) => deleteAgent(client, agent.id),
    onSuccess: (_, agent) => {
      toast.success(`${agent.name ?? 'Agent'} deleted`);
      return queryClient.invalidateQueries({ queryKey: adminKeys.agents() });
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const columns = useMemo<ColumnDef<Agent>[]>(
    () => [
      // A long name or description is cut (whole on hover and focus), keeping the counts on screen.
      {
        id: 'name',
        header: 'Name',
        accessorFn: (row) => row.name ?? row.id,
        cell: ({ row }) => <TruncatedText text={row.original.name ?? row.original.id} />,
      },
      {
        id: 'description',
        header: 'Description',
        accessorFn: (row) => row.description ?? '',
        cell: ({ row }) => <TruncatedText text={row.original.description} />,
      },
      { id: 'version', header: 'Version', accessorFn: (row) => row.version ?? '' },
      {
        id: 'last_seen',
        header: 'Last seen',
        accessorFn: (row) => formatDate(row.last_seen),
        cell: ({ row }) =>
          row.original.last_seen ? <Moment value={row.original.last_seen} /> : '',
      },
      { id: 'config_count', header: 'Configs', accessorFn: (row) => row.config_count ?? 0 },
      { id: 'checks_count', header: 'Checks', accessorFn: (row) => row.checks_count ?? 0 },
      {
        id: 'playbook_runs_count',
        header: 'Playbook runs',
        accessorFn: (row) => row.playbook_runs_count ?? 0,
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: 'Actions',
              enableSorting: false,
              cell: ({ row }: { row: { original: Agent } }) => (
                <Button variant="danger" size="small" onClick={() => setDeleting(row.original)}>
                  {`Delete ${row.original.name ?? 'agent'}`}
                </Button>
              ),
            } satisfies ColumnDef<Agent>,
          ]
        : []),
    ],
    [canWrite],
  );
  const dataTable = useDataTable({
    id: 'agents',
    mode: 'client',
    defaultSort: { id: 'name', desc: false },
    searchKey: 'search',
    rememberPageSize: false,
    columns,
    data: list.data ?? noRows,
    getRowId: (row) => row.id,
    isLoading: list.isPending,
    error: list.data ? undefined : (list.error ?? undefined),
  });
  return (
    <Page data-testid={adminTestIds.agents.page}>
      {canWrite ? (
        <Actions>
          <Button onClick={() => setRegistering(true)}>Register agent</Button>
        </Actions>
      ) : null}
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable} searchLabel="Search agents" />
        <DataTableBody
          dataTable={dataTable}
          label="Agents"
          empty={<EmptyState kind="resources" />}
        />
      </DataTableRoot>
      {registering ? <RegisterAgentModal onClose={() => setRegistering(false)} /> : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.name ?? 'agent'}?`}
        description="The agent no longer signs in; what it reported stays."
        loading={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(undefined) });
        }}
      />
    </Page>
  );
}
