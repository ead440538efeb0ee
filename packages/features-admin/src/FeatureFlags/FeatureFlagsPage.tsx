import {
  adminKeys,
  deleteProperty,
  propertiesListQuery,
  saveProperty,
  type Property,
} from '@opsdeck/api-client/admin';
import { propertiesQuery } from '@opsdeck/api-client/general';
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import {
  Button,
  ConfirmDialog,
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
import { useState } from 'react';
import { Actions, Page } from '../components/PageLayout.ts';
import { messageOf } from '../model/messages.ts';
import { adminTestIds } from '../testIds.ts';

const noRows: Property[] = [];
const creatorName = (row: Property) =>
  typeof row.created_by === 'string' ? row.created_by : (row.created_by?.name ?? '');

const columns: ColumnDef<Property>[] = [
  // A long name or value is cut (whole on hover and focus), keeping the actions on screen.
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name,
    cell: ({ row }) => <TruncatedText text={row.original.name} />,
  },
  {
    id: 'value',
    header: 'Value',
    accessorFn: (row) => row.value ?? '',
    cell: ({ row }) => <TruncatedText text={row.original.value} />,
  },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  { id: 'created_by', header: 'Created By', accessorFn: creatorName },
  {
    id: 'updated_at',
    header: 'Updated',
    accessorFn: (row) => formatDate(row.updated_at),
    cell: ({ row }) => <Moment value={row.original.updated_at} />,
  },
];

function PropertyModal({
  property,
  onClose,
  onDelete,
}: {
  property: Property | null;
  onClose: () => void;
  onDelete: (property: Property) => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (values: { name: string; value: string }) =>
      saveProperty(client, { name: values.name.trim(), value: values.value }, property !== null),
    onSuccess: (_, values) => {
      toast.success(`${values.name.trim()} saved`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.properties() });
      // The console's own flags read the properties too: a `{feature}.disable` applies now.
      void queryClient.invalidateQueries({ queryKey: propertiesQuery(client).queryKey });
      onClose();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  return (
    <Modal.Root open onClose={onClose} size="small" data-testid={adminTestIds.flags.modal}>
      <Modal.Header>{property ? `Edit ${property.name}` : 'Add feature flag'}</Modal.Header>
      <Formik
        initialValues={{ name: property?.name ?? '', value: property?.value ?? '' }}
        validate={(values) => (values.name.trim() ? {} : { name: 'Name is required' })}
        onSubmit={async (values) => {
          await save.mutateAsync(values).catch(() => undefined);
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Modal.Body>
              <TextField
                name="name"
                label="Name"
                required
                disabled={property !== null}
                hint="`{feature}.disable` set to true hides that feature (settings.jobs.disable…)"
              />
              <TextField name="value" label="Value" />
            </Modal.Body>
            <Modal.Footer>
              {property ? (
                <Button variant="danger" type="button" onClick={() => onDelete(property)}>
                  Delete
                </Button>
              ) : null}
              <Button variant="secondary" type="button" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Save
              </Button>
            </Modal.Footer>
          </Form>
        )}
      </Formik>
    </Modal.Root>
  );
}

/** `/settings/feature-flags`: the properties; writers add, change and delete them. */
export function FeatureFlagsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canWrite = useCan('feature_flags', 'write');
  const list = useQuery(propertiesListQuery(client));
  const [editing, setEditing] = useState<Property | null | undefined>();
  const [deleting, setDeleting] = useState<Property>();
  const remove = useMutation({
    mutationFn: (property: Property) => deleteProperty(client, property.name),
    onSuccess: (_, property) => {
      toast.success(`${property.name} deleted`);
      setEditing(undefined);
      void queryClient.invalidateQueries({ queryKey: propertiesQuery(client).queryKey });
      return queryClient.invalidateQueries({ queryKey: adminKeys.properties() });
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const dataTable = useDataTable({
    id: 'flags',
    mode: 'client',
    defaultSort: { id: 'name', desc: false },
    searchKey: 'search',
    rememberPageSize: false,
    columns,
    data: list.data ?? noRows,
    getRowId: (row) => row.name,
    isLoading: list.isPending,
    error: list.data ? undefined : (list.error ?? undefined),
  });
  return (
    <Page data-testid={adminTestIds.flags.page}>
      {canWrite ? (
        <Actions>
          <Button onClick={() => setEditing(null)}>Add feature flag</Button>
        </Actions>
      ) : null}
      <DataTableRoot>
        <DataTableToolbar dataTable={dataTable} searchLabel="Search feature flags" />
        <DataTableBody
          dataTable={dataTable}
          label="Feature flags"
          {...(canWrite
            ? { onRowClick: (row: Property) => setEditing(row), rowActionDescription: 'Edits it' }
            : {})}
          empty={<EmptyState kind="resources" />}
        />
      </DataTableRoot>
      {editing !== undefined ? (
        <PropertyModal
          property={editing}
          onClose={() => setEditing(undefined)}
          onDelete={(property) => setDeleting(property)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.name ?? ''}?`}
        description="The flag no longer applies once deleted."
        loading={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(undefined) });
        }}
      />
    </Page>
  );
}
