import {
  adminKeys,
  permissionTargetsQuery,
  savePermission,
  type Permission,
  type PermissionTargetKind,
} from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { Button, Modal, useToast } from '@opsdeck/ui';
import { EntityPicker } from '@opsdeck/ui/entity-picker';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@opsdeck/ui/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Formik, useFormikContext } from 'formik';
import styled from 'styled-components';
import { Alert } from '../components/PageLayout.ts';
import { messageOf } from '../model/messages.ts';
import {
  emptyPermission,
  isProtected,
  globalObjects,
  permissionActions,
  permissionErrors,
  permissionFormOf,
  permissionWriteOf,
  resourceKinds,
  resourceLabels,
  subjectKinds,
  subjectLabels,
  switchResource,
  switchSubject,
  type PermissionFormValues,
  type Picked,
  type ResourceKind,
  type SubjectKind,
} from '../model/permissionForm.ts';
import { adminTestIds } from '../testIds.ts';

const Switch = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;

  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Field = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const actionOptions = permissionActions.map((action) => ({ value: action, label: action }));
const objectOptions = globalObjects.map((object) => ({ value: object, label: object }));

const subjectField = {
  team: 'team_id',
  person: 'person_id',
  notification: 'notification_id',
} as const;
const resourceField = {
  catalog: 'config_id',
  component: 'component_id',
  connection: 'connection_id',
  playbook: 'playbook_id',
} as const;
const resourceTarget: Record<Exclude<ResourceKind, 'global'>, PermissionTargetKind> = {
  catalog: 'config',
  component: 'component',
  connection: 'connection',
  playbook: 'playbook',
};

function Picker({
  kind,
  field,
  label,
  disabled,
}: {
  kind: PermissionTargetKind;
  field: keyof PermissionFormValues;
  label: string;
  disabled: boolean;
}) {
  const client = useApiClient();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<PermissionFormValues>();
  const value = values[field] as Picked | null;
  const error = submitCount > 0 ? (errors as Record<string, string | undefined>)[field] : undefined;
  return (
    <Field>
      <EntityPicker
        label={label}
        searchEmpty
        disabled={disabled}
        query={(search) => permissionTargetsQuery(client, kind, search)}
        toOption={(target) => ({ id: target.id, label: target.name })}
        value={value ? { id: value.id, label: value.name } : null}
        onChange={(option) =>
          void setFieldValue(field, option ? { id: option.id, name: option.label } : null)
        }
        {...(error ? { 'aria-invalid': true } : {})}
      />
      {error ? <Alert>{error}</Alert> : null}
    </Field>
  );
}

function PermissionFields({ readOnly }: { readOnly: boolean }) {
  const { values, setValues } = useFormikContext<PermissionFormValues>();
  return (
    <>
      <Switch disabled={readOnly}>
        <legend>Subject</legend>
        {subjectKinds.map((kind: SubjectKind) => (
          <label key={kind}>
            <input
              type="radio"
              name="subjectKind"
              checked={values.subjectKind === kind}
              onChange={() => void setValues(switchSubject(values, kind))}
            />
            {subjectLabels[kind]}
          </label>
        ))}
      </Switch>
      <Picker
        key={`subject-${values.subjectKind}`}
        kind={values.subjectKind}
        field={subjectField[values.subjectKind]}
        label={subjectLabels[values.subjectKind]}
        disabled={readOnly}
      />
      <Switch disabled={readOnly}>
        <legend>Resource</legend>
        {resourceKinds.map((kind: ResourceKind) => (
          <label key={kind}>
            <input
              type="radio"
              name="resourceKind"
              checked={values.resourceKind === kind}
              onChange={() => void setValues(switchResource(values, kind))}
            />
            {resourceLabels[kind]}
          </label>
        ))}
      </Switch>
      {values.resourceKind === 'global' ? (
        <SelectField
          name="object"
          label="Object"
          required
          options={objectOptions}
          disabled={readOnly}
        />
      ) : (
        <Picker
          key={`resource-${values.resourceKind}`}
          kind={resourceTarget[values.resourceKind]}
          field={resourceField[values.resourceKind]}
          label={resourceLabels[values.resourceKind]}
          disabled={readOnly}
        />
      )}
      <SelectField
        name="action"
        label="Action"
        required
        options={actionOptions}
        disabled={readOnly}
      />
      <CheckboxField name="deny" label="Deny" disabled={readOnly} />
      <TextField
        name="until"
        label="Until"
        hint="Optional: YYYY-MM-DDTHH:mm in your time zone; the permission ends then"
        placeholder="2030-01-31T18:00"
        disabled={readOnly}
      />
      <TextAreaField name="description" label="Description" disabled={readOnly} />
    </>
  );
}

/**
 * The Add/Edit Permission modal (settings §4, §6): the subject and resource switches, the action,
 * deny, until and description. A row protected by its source opens read-only.
 */
export function PermissionModal({
  permission,
  canWrite,
  onClose,
  onDelete,
}: {
  permission: Permission | null;
  canWrite: boolean;
  onClose: () => void;
  onDelete: (permission: Permission) => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const isFromFile = permission !== null && isProtected(permission);
  const readOnly = !canWrite || isFromFile;
  const save = useMutation({
    mutationFn: (values: PermissionFormValues) =>
      savePermission(client, permissionWriteOf(values), permission?.id),
    onSuccess: () => {
      toast.success(permission ? 'Permission updated' : 'Permission added');
      void queryClient.invalidateQueries({ queryKey: adminKeys.permissions() });
      onClose();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  return (
    <Modal.Root open onClose={onClose} size="medium" data-testid={adminTestIds.permissions.modal}>
      <Modal.Header>{permission ? 'Edit Permission' : 'Add Permission'}</Modal.Header>
      <Formik
        initialValues={permission ? permissionFormOf(permission) : emptyPermission}
        validate={permissionErrors}
        onSubmit={async (values) => {
          await save.mutateAsync(values).catch(() => undefined);
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Modal.Body>
              {isFromFile ? (
                <Alert data-testid={adminTestIds.permissions.readOnly}>
                  {`This permission is defined in ${permission?.source ?? 'its source'} and can be changed only there.`}
                </Alert>
              ) : null}
              <PermissionFields readOnly={readOnly} />
            </Modal.Body>
            <Modal.Footer>
              {permission && !readOnly ? (
                <Button variant="danger" type="button" onClick={() => onDelete(permission)}>
                  Delete
                </Button>
              ) : null}
              <Button variant="secondary" type="button" onClick={onClose}>
                {readOnly ? 'Done' : 'Cancel'}
              </Button>
              {readOnly ? null : (
                <Button type="submit" loading={isSubmitting}>
                  {permission ? 'Update' : 'Save'}
                </Button>
              )}
            </Modal.Footer>
          </Form>
        )}
      </Formik>
    </Modal.Root>
  );
}
