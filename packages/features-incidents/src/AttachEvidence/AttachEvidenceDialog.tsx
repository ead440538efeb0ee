import {
  attachEvidence,
  createHypothesis,
  createIncident,
  hypothesisSearchQuery,
  incidentSearchQuery,
  incidentTypes,
} from '@opsdeck/api-client/incidents';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Button, Modal, Select, TOAST_DURATION_MS, useDebouncedValue, useToast } from '@opsdeck/ui';
import { FieldError, FormField, TextArea } from '@opsdeck/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useRefreshIncident } from '../hooks/incidentQueries.ts';
import { useUserId } from '../hooks/useUserId.ts';
import {
  asksIncidentDetails,
  attachMessages,
  describeFailure,
  emptyAttachForm,
  evidenceFields,
  preselectedHypothesis,
  runAttach,
  subjectName,
  validateAttach,
  type AttachErrors,
  type AttachForm,
  type EvidenceSubject,
} from '../model/attachFlow.ts';
import { incidentStatusLabel, severityLabel, severityOptions, typeLabel } from '../model/status.ts';
import { incidentRoutes } from '../routes.ts';
import { incidentTestIds } from '../testIds.ts';
import { ChoiceField } from './ChoiceField.tsx';

/** Settings §9: the incident dropdown searches 100 ms after typing stops. */
export const INCIDENT_SEARCH_DEBOUNCE_MS = 100;

const typeOptions = incidentTypes.map((type) => ({ value: type, label: typeLabel(type) }));
const severityChoices = severityOptions();

// display: contents keeps the modal's header, body and footer layout while one form wraps them.
const Form = styled.form`
  display: contents;
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};

  > * {
    flex: 1 1 180px;
  }
`;

const Subject = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Failure = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.statusSoft.red.background};
  color: ${({ theme }) => theme.colors.statusSoft.red.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export interface AttachEvidenceDialogProps {
  subject: EvidenceSubject;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Link to Incident' (settings §2, §4, §5): choose or create an incident and a hypothesis, describe
 * the evidence, and link it. A failure keeps the dialog open with everything as typed and says
 * what was already created; success closes it with a toast linking to the incident.
 */
export function AttachEvidenceDialog({ subject, open, onClose }: AttachEvidenceDialogProps) {
  const client = useApiClient();
  const toast = useToast();
  const userId = useUserId();
  const incidentLink = useRouteLink(incidentRoutes.incident);
  const descriptionId = useId();
  const [form, setForm] = useState<AttachForm>(emptyAttachForm);
  const [errors, setErrors] = useState<AttachErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const refresh = useRefreshIncident(
    form.incident?.kind === 'existing' ? form.incident.id : undefined,
  );

  const incidentText = useDebouncedValue(
    form.incident?.title.trim() ?? '',
    INCIDENT_SEARCH_DEBOUNCE_MS,
  );
  const incidents = useQuery({ ...incidentSearchQuery(client, incidentText), enabled: open });
  const incidentId = form.incident?.kind === 'existing' ? form.incident.id : undefined;
  const hypothesisText = useDebouncedValue(
    form.hypothesis?.kind === 'new' ? form.hypothesis.title.trim() : '',
    INCIDENT_SEARCH_DEBOUNCE_MS,
  );
  const hypotheses = useQuery({
    ...hypothesisSearchQuery(client, incidentId ?? '', hypothesisText),
    enabled: open && incidentId !== undefined,
  });

  // §4: an existing incident whose hypothesis search yields exactly one option preselects it.
  // Only a settled answer for this text counts, not the options kept from the previous text.
  const hypothesisOptions = hypotheses.isPlaceholderData ? undefined : hypotheses.data;
  useEffect(() => {
    if (!hypothesisOptions) return;
    setForm((current) => {
      const pick = preselectedHypothesis(current, hypothesisOptions);
      return pick ? { ...current, hypothesis: pick } : current;
    });
  }, [hypothesisOptions]);

  function update(patch: Partial<AttachForm>) {
    const next = { ...form, ...patch };
    setForm(next);
    // Errors follow the form once a submit has shown them.
    if (submitted) setErrors(validateAttach(next));
  }

  function close() {
    if (busy) return;
    setForm(emptyAttachForm);
    setErrors({});
    setSubmitted(false);
    setFailure(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateAttach(form);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    const outcome = await runAttach(form, {
      createIncident: (input) => {
        if (!userId) throw new Error('Your session is still loading; try again');
        return createIncident(client, { ...input, description: '', userId });
      },
      createHypothesis: (input) => {
        if (!userId) throw new Error('Your session is still loading; try again');
        return createHypothesis(client, { ...input, userId });
      },
      linkEvidence: (input) => {
        if (!userId) throw new Error('Your session is still loading; try again');
        return attachEvidence(client, {
          ...evidenceFields(subject),
          hypothesisId: input.hypothesisId,
          description: input.description,
          userId,
        });
      },
    });
    setBusy(false);
    if (outcome.ok) {
      toast.success(attachMessages.linked, {
        duration: TOAST_DURATION_MS,
        ...(incidentLink
          ? {
              link: {
                href: incidentLink({ id: outcome.incidentId }),
                label: outcome.incidentTitle,
              },
            }
          : {}),
      });
      void refresh();
      setForm(emptyAttachForm);
      setErrors({});
      setSubmitted(false);
      onClose();
      return;
    }
    // Settings §8: a failed step is logged; the dialog keeps what was typed and what now exists.
    console.error('Attach evidence failed', outcome.error);
    setForm(outcome.form);
    setFailure(describeFailure(outcome));
    void refresh();
  }

  const hypothesisDisabled = form.incident === null;
  return (
    <Modal.Root open={open} onClose={close} data-testid={incidentTestIds.attach.dialog}>
      <Modal.Header>Link to Incident</Modal.Header>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Link to Incident">
        <Modal.Body>
          <Fields>
            <Subject>
              Evidence: <strong>{subjectName(subject)}</strong>
            </Subject>
            <ChoiceField
              label="Incident"
              value={form.incident}
              onChange={(incident) => update({ incident, hypothesis: null })}
              options={(incidents.data ?? []).map((incident) => ({
                id: incident.id,
                label: incident.title,
                detail: [
                  incident.status && incidentStatusLabel(incident.status),
                  incident.severity && severityLabel(incident.severity),
                ]
                  .filter(Boolean)
                  .join(' · '),
              }))}
              loading={incidents.isFetching}
              createLabel={(title) => `Create incident "${title}"`}
              newHint={(title) => `A new incident "${title}" will be created`}
              placeholder="Search or type a new incident's title"
              error={errors.incident}
            />
            <FormField
              label="Description"
              inputId={descriptionId}
              hintId={`${descriptionId}-hint`}
              errorId={`${descriptionId}-error`}
              {...(errors.description ? { error: errors.description } : {})}
            >
              <TextArea
                id={descriptionId}
                value={form.description}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
                onChange={(event) => update({ description: event.target.value })}
              />
            </FormField>
            {asksIncidentDetails(form) ? (
              <Row>
                <Field>
                  <Select
                    label="Type"
                    options={typeOptions}
                    value={form.type}
                    onChange={(type) => update({ type })}
                    aria-invalid={errors.type ? true : undefined}
                  />
                  {errors.type ? <FieldError>{errors.type}</FieldError> : null}
                </Field>
                <Field>
                  <Select
                    label="Severity"
                    options={severityChoices}
                    value={form.severity}
                    onChange={(severity) => update({ severity })}
                    aria-invalid={errors.severity ? true : undefined}
                  />
                  {errors.severity ? <FieldError>{errors.severity}</FieldError> : null}
                </Field>
              </Row>
            ) : null}
            <ChoiceField
              label="Hypothesis"
              value={form.hypothesis}
              onChange={(hypothesis) => update({ hypothesis })}
              options={(incidentId ? (hypotheses.data ?? []) : []).map((hypothesis) => ({
                id: hypothesis.id,
                label: hypothesis.title ?? '',
                detail: [hypothesis.type, hypothesis.status].filter(Boolean).join(' · '),
              }))}
              loading={incidentId !== undefined && hypotheses.isFetching}
              createLabel={(title) => `Create hypothesis "${title}"`}
              newHint={(title) => `A new root hypothesis "${title}" will be created`}
              placeholder={
                form.incident?.kind === 'new'
                  ? 'Optional: a root hypothesis is created'
                  : 'Search or type a new hypothesis'
              }
              disabled={hypothesisDisabled}
              error={errors.hypothesis}
            />
            {failure ? (
              <Failure role="alert" data-testid={incidentTestIds.attach.failure}>
                {failure}
              </Failure>
            ) : null}
          </Fields>
        </Modal.Body>
        <Modal.Footer>
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Linking..' : 'Link'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal.Root>
  );
}
