import { isNotFoundError } from '@opsdeck/api-client';
import {
  connectionKeys,
  connectionQuery,
  createConnection,
  deleteConnection,
  testConnection,
  updateConnection,
  type Connection,
} from '@opsdeck/api-client/connections';
import { useApiClient } from '@opsdeck/api-client/react';
import type { FormDescription } from '@opsdeck/contracts/form';
import { usePageTitle } from '@opsdeck/extensions/react';
import { useCan } from '@opsdeck/rbac/react';
import {
  Button,
  ConfirmDialog,
  ErrorPage,
  NotFoundPage,
  SkeletonPage,
  UnauthorizedPage,
  useToast,
} from '@opsdeck/ui';
import { SchemaForm, type FormValues } from '@opsdeck/ui/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import { Actions, Alert, Muted, Page } from '../components/PageLayout.ts';
import {
  connectionFormOf,
  connectionValuesOf,
  connectionWriteOf,
} from '../model/connectionForm.ts';
import { CONNECTIONS_PATH, NEW_CONNECTION_ID } from '../model/paths.ts';
import { connectionsTestIds } from '../testIds.ts';
import { TypePicker } from './TypePicker.tsx';

const Narrow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 56rem;
  min-width: 0;
`;

// A read-only connection's inputs are disabled all at once (a disabled fieldset disables its
// controls); the server refuses its writes in any case.
const ReadOnly = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

const Result = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  max-height: 16rem;
  overflow: auto;
`;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}

const KEPT_FIELDS = new Set(['name', 'namespace']);

const typeName = (form: FormDescription) => form.label.replace(/ connection$/, '');

type TestState =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'passed'; message: string; payload: unknown }
  | { state: 'failed'; message: string };

/** 'Test connection' (settings §7): `POST /connection/test/{id}`, its answer shown inline. */
function TestConnection({ id }: { id: string }) {
  const client = useApiClient();
  const [result, setResult] = useState<TestState>({ state: 'idle' });
  async function run() {
    setResult({ state: 'running' });
    try {
      const reply = await testConnection(client, id);
      setResult({
        state: 'passed',
        message: `Test passed: ${reply.message ?? 'ok'}`,
        payload: reply.payload,
      });
    } catch (error) {
      setResult({ state: 'failed', message: messageOf(error) });
    }
  }
  return (
    <>
      <Button type="button" loading={result.state === 'running'} onClick={() => void run()}>
        Test connection
      </Button>
      <div role="status" data-testid={connectionsTestIds.testResult}>
        {result.state === 'passed' && (
          <>
            <Muted>{result.message}</Muted>
            {result.payload != null && <Result>{JSON.stringify(result.payload, null, 2)}</Result>}
          </>
        )}
        {result.state === 'failed' && <Alert>{`Test failed: ${result.message}`}</Alert>}
      </div>
    </>
  );
}

interface ConnectionFormProps {
  form: FormDescription;
  record: Connection | null;
  editable: boolean;
  onChangeType?: () => void;
}

/**
 * The form of one type (settings §3), rendered from its description: Save for a new connection,
 * Update, Delete and Test connection for an existing one. A masked password sent back unchanged
 * keeps the stored one; a refusal keeps every typed value and shows the server's message.
 */
function ConnectionForm({ form, record, editable, onChangeType }: ConnectionFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const initialValues = useMemo<FormValues | undefined>(
    () => (record ? connectionValuesOf(form, record) : undefined),
    [form, record],
  );
  // settings §4: an existing connection keeps its name and namespace; they are shown, not edited
  // (their values stay in the form's values, so a save sends them as they are).
  const shown = useMemo<FormDescription>(
    () =>
      record
        ? { ...form, fields: form.fields.filter((field) => !KEPT_FIELDS.has(field.name ?? '')) }
        : form,
    [form, record],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: connectionKeys.all() });

  async function submit(values: FormValues) {
    const write = connectionWriteOf(form, values);
    if (record) await updateConnection(client, record.id, write);
    else await createConnection(client, write);
    await refresh();
    toast.success(`${String(values.name ?? 'Connection')} saved`);
    void navigate(CONNECTIONS_PATH);
  }

  async function remove() {
    if (!record) return;
    setDeleting(true);
    try {
      await deleteConnection(client, record.id);
      await refresh();
      toast.success(`${record.name} deleted`);
      void navigate(CONNECTIONS_PATH);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  const schemaForm = (
    <SchemaForm
      description={shown}
      initialValues={initialValues}
      onSubmit={submit}
      submitLabel={record ? 'Update' : 'Save'}
      aria-label={form.label}
      actions={
        <>
          {record && editable && (
            <Button type="button" variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          {onChangeType && (
            <Button type="button" onClick={onChangeType}>
              Change type
            </Button>
          )}
          <Link to={CONNECTIONS_PATH}>Cancel</Link>
        </>
      }
    />
  );
  return (
    <Narrow data-testid={connectionsTestIds.form}>
      <h2>{typeName(form)}</h2>
      {record && <Muted>{`${record.name} in namespace ${record.namespace || 'default'}`}</Muted>}
      {editable ? schemaForm : <ReadOnly disabled>{schemaForm}</ReadOnly>}
      {record && (
        <Actions>
          <TestConnection id={record.id} />
        </Actions>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete connection"
        description={`Delete the connection ${record?.name ?? ''}? What uses it stops reaching its system.`}
        confirmLabel="Delete"
        variant="delete"
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Narrow>
  );
}

function NewConnection() {
  const [form, setForm] = useState<FormDescription>();
  usePageTitle(form ? `New ${typeName(form)} connection` : 'New connection');
  return form ? (
    <ConnectionForm form={form} record={null} editable onChangeType={() => setForm(undefined)} />
  ) : (
    <Narrow>
      <Muted>Choose the type of the connection.</Muted>
      <TypePicker onPick={setForm} />
    </Narrow>
  );
}

/**
 * `/settings/connections/new` and `/settings/connections/{id}` (settings §2, §3): an id naming no
 * live connection is Not found; a connection from a file (ConfigFile) or a reader without write is
 * read-only.
 */
export function ConnectionEditPage() {
  const { id = NEW_CONNECTION_ID } = useParams();
  const isNew = id === NEW_CONNECTION_ID;
  const client = useApiClient();
  const canWrite = useCan('connections', 'write');
  const record = useQuery({ ...connectionQuery(client, id), enabled: !isNew });
  usePageTitle(isNew ? undefined : (record.data?.name ?? undefined));
  const back = <Link to={CONNECTIONS_PATH}>All connections</Link>;

  if (isNew) {
    if (!canWrite) return <UnauthorizedPage />;
    return (
      <Page>
        <NewConnection />
      </Page>
    );
  }
  if (record.isPending) return <SkeletonPage />;
  if (record.isError && !isNotFoundError(record.error)) return <ErrorPage error={record.error} />;
  if (!record.data) return <NotFoundPage what="connection" back={back} />;
  const form = connectionFormOf(record.data.type);
  const fromFile = record.data.source === 'ConfigFile';
  return (
    <Page>
      {fromFile && (
        <Muted data-testid={connectionsTestIds.readOnly}>
          Read-only: defined by a file (ConfigFile). Change it where it is defined.
        </Muted>
      )}
      {form ? (
        <ConnectionForm form={form} record={record.data} editable={canWrite && !fromFile} />
      ) : (
        <Muted>{`The console has no form for connections of type ${record.data.type}.`}</Muted>
      )}
    </Page>
  );
}
