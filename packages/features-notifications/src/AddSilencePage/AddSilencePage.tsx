import {
  createSilence,
  notificationKeys,
  silencePreviewQuery,
  type SilencePreviewQuery,
} from '@opsdeck/api-client/notifications';
import { useApiClient } from '@opsdeck/api-client/react';
import { parseRouteSearch } from '@opsdeck/extensions';
import {
  Button,
  EmptyState,
  Moment,
  PageActions,
  PageLayout as Page,
  Select,
  useDebouncedValue,
  useToast,
  useUrlState,
} from '@opsdeck/ui';
import { FormField, Input, TextArea } from '@opsdeck/ui/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { NotificationsNav } from '../components/NotificationsNav.tsx';
import { ResourcePicker } from '../components/ResourcePicker.tsx';
import {
  durationPresets,
  initialSilenceForm,
  previewQueryOf,
  silenceRequestOf,
  silenceResourceKindLabels,
  validateSilenceForm,
  type SilenceDuration,
  type SilenceFormErrors,
  type SilenceFormResourceKind,
  type SilenceFormValues,
} from '../model/silenceForm.ts';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 48rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

const PreviewList = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
`;

const durationOptions: readonly { value: SilenceDuration; label: string }[] = [
  ...durationPresets.map(({ value, label }) => ({ value, label })),
  { value: 'custom', label: 'Custom range' },
  { value: 'indefinitely', label: 'Indefinitely' },
];

/** The sends of the last 15 days this silence would have stopped (`silence_preview`). */
function Preview({ values }: { values: SilenceFormValues }) {
  const client = useApiClient();
  // The filter is typed a key at a time: the preview asks once typing settles (compared as text,
  // so a render that changes nothing does not restart the wait).
  const settled = useDebouncedValue(JSON.stringify(previewQueryOf(values) ?? null), 400);
  const query = JSON.parse(settled) as SilencePreviewQuery | null;
  const preview = useQuery({
    ...silencePreviewQuery(client, query ?? { recursive: false }),
    enabled: query !== null,
  });
  let body;
  if (!query) body = <p>Pick a resource or write a filter to see what this silence would stop.</p>;
  else if (preview.isPending) body = <p>Loading preview…</p>;
  else if (preview.isError) body = <Alert role="alert">{preview.error.message}</Alert>;
  else if (preview.data.length === 0)
    body = (
      <EmptyState
        kind="data"
        title="Nothing recent would be silenced"
        description="No notification sent in the last 15 days matches."
      />
    );
  else
    body = (
      <>
        <p>
          {preview.data.length === 1
            ? '1 notification sent in the last 15 days would have been silenced:'
            : `${preview.data.length} notifications sent in the last 15 days would have been silenced:`}
        </p>
        <PreviewList>
          {preview.data.map((item) => (
            <li key={item.id}>
              {item.resource?.name ?? item.resource_id} · {item.source_event} ·{' '}
              <Moment value={item.created_at ?? null} />
            </li>
          ))}
        </PreviewList>
      </>
    );
  return (
    <section aria-label="Preview" data-testid={notificationsTestIds.addSilence.preview}>
      <h2>Preview</h2>
      {body}
    </section>
  );
}

/** `/notifications/silences/add`: the silence form with its preview; a refusal keeps every value. */
export function AddSilencePage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const id = useId();
  const search = parseRouteSearch(notificationsRoutes.addSilence, useUrlState().searchParams);
  // A link may name the resource (a send's Silence); read once, the form owns the values after.
  const [values, setValues] = useState<SilenceFormValues>(() => initialSilenceForm(search));
  const [errors, setErrors] = useState<SilenceFormErrors>({});
  const set = <K extends keyof SilenceFormValues>(key: K, value: SilenceFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const save = useMutation({
    mutationFn: () => createSilence(client, silenceRequestOf(values)),
    onSuccess: async () => {
      toast.success('Silence added');
      await queryClient.invalidateQueries({ queryKey: notificationKeys.silences() });
      await navigate('/notifications/silences');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSilenceForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const field = (name: string) => ({
    inputId: `${id}-${name}`,
    hintId: `${id}-${name}-hint`,
    errorId: `${id}-${name}-error`,
  });
  return (
    <Page data-testid={notificationsTestIds.addSilence.root}>
      <NotificationsNav />
      <PageActions>
        <Link to="/notifications/silences">All silences</Link>
      </PageActions>
      <Form onSubmit={submit} noValidate aria-label="Add silence">
        <FormField
          label="Resource"
          {...field('resource')}
          hint="A resource, or a filter below: one of the two."
          {...(errors.target ? { error: errors.target } : {})}
        >
          <Row>
            <Select
              label="Resource kind"
              hideLabel
              value={values.resourceKind}
              options={(Object.keys(silenceResourceKindLabels) as SilenceFormResourceKind[]).map(
                (kind) => ({ value: kind, label: silenceResourceKindLabels[kind] }),
              )}
              onChange={(kind) =>
                setValues((current) => ({
                  ...current,
                  resourceKind: kind as SilenceFormResourceKind,
                  resource: undefined,
                }))
              }
            />
            <ResourcePicker
              kind={values.resourceKind}
              inputId={field('resource').inputId}
              label={`Resource: ${silenceResourceKindLabels[values.resourceKind]}`}
              value={values.resource}
              onChange={(resource) => set('resource', resource)}
              describedBy={`${field('resource').hintId}${errors.target ? ` ${field('resource').errorId}` : ''}`}
              invalid={Boolean(errors.target)}
            />
          </Row>
        </FormField>
        {values.resource ? (
          <FormField
            label="Also silence what it contains (recursive)"
            {...field('recursive')}
            inline
          >
            <input
              id={field('recursive').inputId}
              type="checkbox"
              checked={values.recursive}
              onChange={(event) => set('recursive', event.target.checked)}
            />
          </FormField>
        ) : null}
        <FormField
          label="Filter"
          {...field('filter')}
          hint="A CEL expression over the event, e.g. check.type == 'http'."
        >
          <TextArea
            id={field('filter').inputId}
            aria-describedby={field('filter').hintId}
            value={values.filter}
            spellCheck={false}
            onChange={(event) => set('filter', event.target.value)}
          />
        </FormField>
        <FormField label="Duration" {...field('duration')} group>
          <Row role="radiogroup" aria-label="Duration">
            {durationOptions.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name={`${id}-duration`}
                  value={option.value}
                  checked={values.duration === option.value}
                  onChange={() => set('duration', option.value)}
                />{' '}
                {option.label}
              </label>
            ))}
          </Row>
        </FormField>
        {values.duration === 'custom' ? (
          <Row>
            <FormField
              label="From"
              required
              {...field('from')}
              {...(errors.from ? { error: errors.from } : {})}
            >
              <Input
                id={field('from').inputId}
                type="datetime-local"
                value={values.from}
                aria-invalid={Boolean(errors.from)}
                {...(errors.from ? { 'aria-describedby': field('from').errorId } : {})}
                onChange={(event) => set('from', event.target.value)}
              />
            </FormField>
            <FormField
              label="Until"
              required
              {...field('until')}
              {...(errors.until ? { error: errors.until } : {})}
            >
              <Input
                id={field('until').inputId}
                type="datetime-local"
                value={values.until}
                aria-invalid={Boolean(errors.until)}
                {...(errors.until ? { 'aria-describedby': field('until').errorId } : {})}
                onChange={(event) => set('until', event.target.value)}
              />
            </FormField>
          </Row>
        ) : null}
        <FormField label="Description" {...field('description')}>
          <TextArea
            id={field('description').inputId}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </FormField>
        <Preview values={values} />
        {save.isError ? (
          <Alert role="alert" data-testid={notificationsTestIds.addSilence.error}>
            {save.error.message}
          </Alert>
        ) : null}
        <Row>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
          <Link to="/notifications/silences">Cancel</Link>
        </Row>
      </Form>
    </Page>
  );
}
