import {
  playbookKeys,
  playbookParamsQuery,
  playbookQuery,
  runPlaybook,
  type PlaybookResourceKind,
  type PlaybookResourceRef,
} from '@opsdeck/api-client/playbooks';
import { useApiClient } from '@opsdeck/api-client/react';
import { Button, Modal, Spinner, useToast } from '@opsdeck/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { ResourcePicker, type PickedResource } from '../components/ResourcePicker.tsx';
import { ResourceLink } from '../components/ResourceLink.tsx';
import {
  initialParameterValues,
  modalSizeFor,
  parameterSchema,
  submittedParameters,
  type ParameterValues,
} from '../model/parameters.ts';
import { playbookTitle, resourceKindLabels, resourceKindsOf } from '../model/playbooks.ts';
import { playbooksTestIds } from '../testIds.ts';
import { ParameterFields } from './ParameterFields.tsx';

export const RUN_PLAYBOOK_TITLE = 'Run Playbook';
export const SELECT_RESOURCE_MESSAGE = 'Please select a resource to see the parameters.';
export const NO_PARAMETERS_MESSAGE = 'No parameters for this playbook.';

export interface RunModalPlaybook {
  id: string;
  title?: string | null;
  name?: string | null;
}

export interface RunModalProps {
  open: boolean;
  onClose: () => void;
  playbook: RunModalPlaybook;
  /** A preset resource (a check's, config's or component's menu): shown as a read-only link. */
  resource?: PlaybookResourceRef & { name?: string };
  /** Values that replace the defaults ("Run again" with a run's parameters, settings §4). */
  params?: Readonly<Record<string, unknown>>;
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
  label {
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** Settings §2 "Playbook run modal": the resource, the parameters, Run. */
export function RunModal({ open, ...rest }: RunModalProps) {
  // Mounted only while open, so every opening starts from the playbook's current parameters.
  return open ? <OpenRunModal {...rest} /> : null;
}

function OpenRunModal({
  onClose,
  playbook,
  resource: preset,
  params: override,
}: Omit<RunModalProps, 'open'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const selectorId = useId();
  const record = useQuery(playbookQuery(client, playbook.id));
  const spec = record.data?.spec;
  const kinds = resourceKindsOf(spec);
  const selectorKind: PlaybookResourceKind | undefined = kinds[0];
  const [picked, setPicked] = useState<PickedResource | undefined>(undefined);
  const resource: PlaybookResourceRef | undefined = preset
    ? { kind: preset.kind, id: preset.id }
    : picked && selectorKind
      ? { kind: selectorKind, id: picked.id }
      : undefined;
  // A playbook that names no resource kind runs on none; otherwise one must be chosen first.
  const needsResource = !preset && (record.isPending || kinds.length > 0);
  const paramsQuery = useQuery({
    ...playbookParamsQuery(client, playbook.id, resource),
    enabled: !needsResource || resource !== undefined,
    // The modal shows the error itself.
    meta: { toast: false },
  });
  const parameters = useMemo(() => paramsQuery.data ?? [], [paramsQuery.data]);
  const title = playbookTitle({
    title: playbook.title ?? record.data?.title,
    name: playbook.name ?? record.data?.name,
    spec,
  });

  async function submit(values: ParameterValues) {
    try {
      const reply = await runPlaybook(client, {
        playbookId: playbook.id,
        ...(resource ? { resource } : {}),
        params: submittedParameters(parameters, values),
      });
      void queryClient.invalidateQueries({ queryKey: playbookKeys.runs() });
      onClose();
      void navigate(`/playbooks/runs/${encodeURIComponent(reply.run_id)}`);
    } catch (error) {
      // Settings §8: the reply's sentence (an ApiError's message); the form keeps every value.
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  const waitingForResource = needsResource && !resource;
  return (
    <Modal.Root
      open
      onClose={onClose}
      size={modalSizeFor(parameters)}
      data-testid={playbooksTestIds.modal.root}
    >
      <Modal.Header>
        {record.isPending && !playbook.title ? RUN_PLAYBOOK_TITLE : title}
      </Modal.Header>
      <Formik<ParameterValues>
        // New parameters (another resource) start a new form with their own defaults.
        key={`${resource?.kind ?? ''}:${resource?.id ?? ''}:${paramsQuery.dataUpdatedAt}`}
        initialValues={initialParameterValues(parameters, override)}
        validationSchema={parameterSchema(parameters)}
        onSubmit={submit}
      >
        {(form) => (
          <>
            <Modal.Body>
              <Section data-testid={playbooksTestIds.modal.resource} aria-labelledby={selectorId}>
                <h3 id={selectorId}>Resource</h3>
                {preset ? (
                  <ResourceLink kind={preset.kind} id={preset.id} name={preset.name ?? preset.id} />
                ) : selectorKind ? (
                  <ResourcePicker
                    kind={selectorKind}
                    label={resourceKindLabels[selectorKind]}
                    value={picked}
                    onChange={setPicked}
                    required
                    {...(selectorSpec(spec, selectorKind)
                      ? { selector: selectorSpec(spec, selectorKind) }
                      : {})}
                  />
                ) : record.isPending ? (
                  <Spinner label="Loading playbook" />
                ) : (
                  <Note>This playbook runs without a resource.</Note>
                )}
              </Section>
              <Section data-testid={playbooksTestIds.modal.parameters} aria-label="Parameters">
                {waitingForResource ? (
                  <Note>{SELECT_RESOURCE_MESSAGE}</Note>
                ) : paramsQuery.isPending ? (
                  <Spinner label="Loading parameters" />
                ) : paramsQuery.isError ? (
                  <Note role="alert">{paramsQuery.error.message}</Note>
                ) : parameters.length === 0 ? (
                  <Note>{NO_PARAMETERS_MESSAGE}</Note>
                ) : null}
                <Form id={formId} noValidate>
                  {!waitingForResource && <ParameterFields parameters={parameters} />}
                </Form>
              </Section>
            </Modal.Body>
            <Modal.Footer>
              <Button type="button" variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                form={formId}
                variant="primary"
                disabled={
                  form.isSubmitting ||
                  waitingForResource ||
                  paramsQuery.isPending ||
                  paramsQuery.isError
                }
              >
                {form.isSubmitting ? 'Running...' : 'Run'}
              </Button>
            </Modal.Footer>
          </>
        )}
      </Formik>
    </Modal.Root>
  );
}

/** The spec's first selector for the kind: the search is narrowed to what the playbook accepts. */
function selectorSpec(
  spec: unknown,
  kind: PlaybookResourceKind,
): Record<string, unknown> | undefined {
  const key = kind === 'config' ? 'configs' : kind === 'component' ? 'components' : 'checks';
  const list = (spec as Record<string, unknown> | null | undefined)?.[key];
  const first = Array.isArray(list) ? list[0] : undefined;
  return first !== null && typeof first === 'object'
    ? (first as Record<string, unknown>)
    : undefined;
}
