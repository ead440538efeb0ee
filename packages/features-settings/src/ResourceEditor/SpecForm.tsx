import {
  createSettingsResource,
  deleteSettingsResource,
  settingsKeys,
  updateSettingsResource,
  type SettingsResource,
} from '@opsdeck/api-client/settings';
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import { Button, ConfirmDialog, useToast } from '@opsdeck/ui';
import { CodeField, IconPickerField, ScheduleField, TextField } from '@opsdeck/ui/forms';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Actions, Alert, Muted } from '../components/PageLayout.ts';
import { settingsEditPath, settingsListPath, type SettingsKind } from '../model/kinds.ts';
import {
  resourceFormErrors,
  resourceFormOf,
  resourceWriteOf,
  type ResourceFormValues,
} from '../model/resourceForm.ts';
import { clearDraft, draftKey, readDraft, sameValues, writeDraft } from '../model/drafts.ts';
import { resourceSourceOf } from '../model/source.ts';
import { settingsTestIds } from '../testIds.ts';
import { HealthSpecEditor } from './HealthSpecEditor.tsx';
import { TopologySpecEditor } from './TopologySpecEditor.tsx';

const StyledForm = styled(Form)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 56rem;
`;

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

/** settings §9: the resource editor's schedule presets (free text is allowed too). */
export const RESOURCE_SCHEDULE_PRESETS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

/**
 * Update for an existing record, Save for a new one (settings §4); a topology says Saving/Updating
 * while it saves and a new log backend is Added (settings §2 "Add Integration" forms).
 */
function saveLabel(kind: SettingsKind, existing: boolean, saving: boolean): string {
  if (existing) return saving && kind.table === 'topologies' ? 'Updating' : 'Update';
  if (kind.table === 'logging_backends') return 'Add';
  return saving && kind.table === 'topologies' ? 'Saving' : 'Save';
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}

/** settings §4: the first check's name follows the resource's name while the two were equal. */
function FirstCheckNameFollowsName() {
  const { values, setFieldValue } = useFormikContext<ResourceFormValues>();
  const previous = useRef(values.name);
  useEffect(() => {
    const before = previous.current;
    previous.current = values.name;
    if (before !== values.name && values.guided && values.guided.check.name === before)
      void setFieldValue('guided.check.name', values.name, false);
  }, [values.name, values.guided, setFieldValue]);
  return null;
}

/**
 * Keeps the values as a draft while they differ from the record's (model/drafts.ts), and drops the
 * draft once they are the record's again.
 */
function DraftKeeper({
  storageKey,
  baseline,
  enabled,
}: {
  storageKey: string;
  baseline: ResourceFormValues;
  enabled: boolean;
}) {
  const { values } = useFormikContext<ResourceFormValues>();
  useEffect(() => {
    if (!enabled) return;
    if (sameValues(values, baseline)) clearDraft(storageKey);
    else writeDraft(storageKey, values);
  }, [values, baseline, enabled, storageKey]);
  return null;
}

/** Asks before leaving a form with unsaved changes (settings brief: the unsaved-changes prompt). */
function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      description="Your changes to this resource are not saved."
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

export interface SpecFormProps {
  kind: SettingsKind;
  record: SettingsResource | null;
}

/**
 * The Spec tab (settings §2, §4): name, icon, namespace, labels, schedule and the spec; Update for
 * an existing record and Save for a new one, Delete with an id, all only with write on the table
 * (§6). A record with a source is read-only and says where it comes from.
 */
export function SpecForm({ kind, record }: SpecFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const canWrite = useCan(kind.resource, 'write');
  const existing = record !== null;
  const source = resourceSourceOf(record?.source);
  const editable = canWrite && source.editable;
  const initialValues = useMemo(() => resourceFormOf(kind, record), [kind, record]);
  const storageKey = draftKey(kind.table, record?.id);
  // A draft of this record left by a reload (or a sign-in) opens in place of the record's values.
  const [draft, setDraft] = useState(() => (editable ? readDraft(storageKey) : undefined));
  // Discard starts the form again from the record (a new Formik, so the type grid comes back too).
  const [generation, setGeneration] = useState(0);
  const [submitError, setSubmitError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Set once saved or deleted, so leaving then is not "leaving unsaved changes".
  const [done, setDone] = useState(false);
  // settings §2: a topology goes to the integrations after a save or a delete.
  const after = kind.table === 'topologies' ? '/settings/integrations' : settingsListPath(kind);

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.table(kind.table) });

  async function submit(values: ResourceFormValues, helpers: FormikHelpers<ResourceFormValues>) {
    setSubmitError(undefined);
    try {
      const write = resourceWriteOf(kind, values, existing);
      const saved = existing
        ? await updateSettingsResource(client, kind.table, record.id, write)
        : await createSettingsResource(client, kind.table, write);
      setDone(true);
      clearDraft(storageKey);
      await refresh();
      toast.success(`${values.name || record?.name || kind.singular} saved`);
      void navigate(
        after === settingsListPath(kind) && !existing && saved
          ? settingsEditPath(kind, saved.id)
          : after,
      );
    } catch (error) {
      // Every typed value stays; the server's message says why.
      setSubmitError(messageOf(error));
      helpers.setSubmitting(false);
    }
  }

  async function remove() {
    if (!record) return;
    setDeleting(true);
    try {
      await deleteSettingsResource(client, kind.table, record.id);
      setDone(true);
      clearDraft(storageKey);
      await refresh();
      toast.success(`${record.name ?? kind.singular} deleted successfully`);
      void navigate(after);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  return (
    <Formik
      key={generation}
      initialValues={draft ?? initialValues}
      validate={(values) => resourceFormErrors(kind, values, existing)}
      onSubmit={submit}
    >
      {({ isSubmitting, dirty, isValid, values }) => (
        <StyledForm
          noValidate
          aria-label={`${kind.singular} spec`}
          data-testid={settingsTestIds.specForm}
        >
          <FirstCheckNameFollowsName />
          <DraftKeeper
            storageKey={storageKey}
            baseline={initialValues}
            enabled={editable && !done}
          />
          <UnsavedChangesPrompt
            when={
              (dirty || (draft !== undefined && !sameValues(values, initialValues))) &&
              !done &&
              !isSubmitting
            }
          />
          {draft && (
            <Notice role="status" data-testid={settingsTestIds.draftRestored}>
              Restored your unsaved changes —
              <Button
                type="button"
                onClick={() => {
                  clearDraft(storageKey);
                  setDraft(undefined);
                  setGeneration((count) => count + 1);
                }}
              >
                Discard
              </Button>
            </Notice>
          )}
          {!canWrite && (
            <Muted data-testid={settingsTestIds.viewOnly}>
              {`You can view this record but not change it (needs ${kind.resource}: write)`}
            </Muted>
          )}
          {!source.editable && (
            <Muted data-testid={settingsTestIds.readOnly}>
              {'Read-only: defined by '}
              {source.href ? <Link to={source.href}>{source.label}</Link> : source.label}
              {'. Change it where it is defined.'}
            </Muted>
          )}
          <TextField
            name="name"
            label="Name"
            required
            disabled={!editable || existing}
            {...(existing ? { hint: 'An existing record keeps its name.' } : {})}
          />
          {kind.columns.icon && <IconPickerField name="icon" label="Icon" disabled={!editable} />}
          {kind.columns.namespace && (
            <TextField name="namespace" label="Namespace" disabled={!editable || existing} />
          )}
          {kind.columns.labels && (
            <CodeField
              name="labels"
              label="Labels"
              language="json"
              height="120px"
              disabled={!editable}
            />
          )}
          {kind.columns.schedule && (
            <ScheduleField
              name="schedule"
              label="Schedule"
              presets={RESOURCE_SCHEDULE_PRESETS}
              disabled={!editable}
            />
          )}
          {kind.topologyForm ? (
            <TopologySpecEditor disabled={!editable} />
          ) : kind.typed ? (
            <HealthSpecEditor
              catalog={kind.typed}
              isNew={!existing}
              restored={draft !== undefined}
              disabled={!editable}
            />
          ) : (
            <CodeField
              name="spec"
              label="Spec"
              language="yaml"
              height="360px"
              disabled={!editable}
            />
          )}
          {submitError && <Alert role="alert">{submitError}</Alert>}
          {editable && (
            <Actions>
              <Button
                type="submit"
                variant="primary"
                loading={isSubmitting}
                disabled={kind.table === 'topologies' && !isValid}
              >
                {saveLabel(kind, existing, isSubmitting)}
              </Button>
              {existing && (
                <Button type="button" variant="danger" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              )}
              <Link to={settingsListPath(kind)}>Cancel</Link>
            </Actions>
          )}
          <ConfirmDialog
            open={confirmDelete}
            title="Delete resource"
            description="Are you sure you want to delete this resource?"
            confirmLabel="Delete"
            variant="delete"
            loading={deleting}
            onConfirm={() => void remove()}
            onCancel={() => setConfirmDelete(false)}
          />
        </StyledForm>
      )}
    </Formik>
  );
}
