import {
  createNotificationRule,
  deleteNotificationRule,
  notificationKeys,
  notificationRuleRecordQuery,
  recipientConnectionsQuery,
  updateNotificationRule,
} from '@opsdeck/api-client/notifications';
import { peopleQuery, teamsQuery } from '@opsdeck/api-client/people';
import { useApiClient } from '@opsdeck/api-client/react';
import {
  Button,
  ConfirmDialog,
  Modal,
  MultiSelect,
  Select,
  SkeletonPage,
  useToast,
} from '@opsdeck/ui';
import { FormField, Input, LazyCodeEditor } from '@opsdeck/ui/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  emptyRuleForm,
  ruleEvents,
  ruleFormOf,
  ruleRecipientKindLabels,
  ruleWriteOf,
  validateRuleForm,
  type RuleFormErrors,
  type RuleFormValues,
  type RuleRecipientKind,
} from '../model/ruleForm.ts';
import { notificationsTestIds } from '../testIds.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Spacer = styled.span`
  flex: 1;
`;

const eventOptions = ruleEvents.map((event) => ({ value: event, label: event }));

/** Who is notified: a person, a team or a connection, each picked from the server's list. */
function RecipientPicker({
  kind,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  kind: RuleRecipientKind;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid: boolean;
}) {
  const client = useApiClient();
  const people = useQuery({ ...peopleQuery(client), enabled: kind === 'person' });
  const teams = useQuery({ ...teamsQuery(client), enabled: kind === 'team' });
  const connections = useQuery({
    ...recipientConnectionsQuery(client),
    enabled: kind === 'connection',
  });
  const options =
    kind === 'person'
      ? (people.data ?? []).map((person) => ({ value: person.id, label: person.name }))
      : kind === 'team'
        ? (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))
        : (connections.data ?? []).map((connection) => ({
            value: connection.reference,
            label: connection.type ? `${connection.name} (${connection.type})` : connection.name,
          }));
  // A stored value the list does not hold stays choosable.
  if (value && !options.some((option) => option.value === value))
    options.unshift({ value, label: value });
  return (
    <Select
      label={`Recipient: ${ruleRecipientKindLabels[kind]}`}
      hideLabel
      value={value}
      options={options}
      onChange={onChange}
      placeholder="Pick a recipient…"
      aria-invalid={invalid}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
    />
  );
}

/**
 * The connections (custom services) a rule sends to: several may be picked, and every stored one —
 * a connection, url or email the list does not hold — stays shown and kept.
 */
function ServicesPicker({
  value,
  stored,
  onChange,
}: {
  value: string[];
  stored: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const client = useApiClient();
  const connections = useQuery(recipientConnectionsQuery(client));
  const options = (connections.data ?? []).map((connection) => ({
    value: connection.reference,
    label: connection.type ? `${connection.name} (${connection.type})` : connection.name,
  }));
  for (const key of [...stored, ...value])
    if (!options.some((option) => option.value === key))
      options.unshift({ value: key, label: key });
  return (
    <MultiSelect
      label={ruleRecipientKindLabels.connection}
      hideLabel
      options={options}
      value={value}
      selectAllLabel={null}
      placeholder="Pick connections…"
      onChange={onChange}
    />
  );
}

/** The fallback team, or none. */
function FallbackTeamPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const client = useApiClient();
  const teams = useQuery(teamsQuery(client));
  const options = [
    { value: '', label: 'No fallback' },
    ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
  ];
  if (value && !options.some((option) => option.value === value))
    options.push({ value, label: value });
  return (
    <Select label="Fallback team" hideLabel value={value} options={options} onChange={onChange} />
  );
}

function RuleForm({
  ruleId,
  initial,
  onClose,
}: {
  ruleId: string | null;
  initial: RuleFormValues;
  onClose: () => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<RuleFormErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() });
  const save = useMutation({
    mutationFn: () =>
      ruleId
        ? updateNotificationRule(client, ruleId, ruleWriteOf(values))
        : createNotificationRule(client, ruleWriteOf(values)),
    onSuccess: async () => {
      toast.success(ruleId ? 'Rule saved' : 'Rule added');
      await refresh();
      onClose();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteNotificationRule(client, ruleId!),
    onSuccess: async () => {
      toast.success('Rule deleted');
      await refresh();
      onClose();
    },
    onSettled: () => setConfirmDelete(false),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRuleForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const field = (name: string, error?: string) => ({
    inputId: `${id}-${name}`,
    hintId: `${id}-${name}-hint`,
    errorId: `${id}-${name}-error`,
    ...(error ? { error } : {}),
  });
  const refusal = save.error ?? remove.error;
  return (
    <Form onSubmit={submit} noValidate aria-label={ruleId ? 'Edit rule' : 'Add rule'}>
      <FormField label="Name" required {...field('name', errors.name)}>
        <Input
          id={field('name').inputId}
          value={values.name}
          aria-invalid={Boolean(errors.name)}
          {...(errors.name ? { 'aria-describedby': field('name').errorId } : {})}
          onChange={(event) => set('name', event.target.value)}
        />
      </FormField>
      <FormField label="Events" required group {...field('events', errors.events)}>
        <MultiSelect
          label="Events"
          hideLabel
          options={eventOptions}
          value={values.events}
          selectAllLabel={null}
          placeholder="Pick events…"
          onChange={(events) => set('events', events)}
        />
      </FormField>
      <FormField
        label="Send to"
        required
        group
        {...field('recipient', errors.recipient)}
        hint="One person, one team, or connections (custom webhooks or mail servers)."
      >
        <Row>
          <Select
            label="Recipient kind"
            hideLabel
            value={values.recipientKind}
            options={(Object.keys(ruleRecipientKindLabels) as RuleRecipientKind[]).map((kind) => ({
              value: kind,
              label: ruleRecipientKindLabels[kind],
            }))}
            onChange={(kind) =>
              setValues((current) => ({
                ...current,
                recipientKind: kind as RuleRecipientKind,
                recipient: '',
              }))
            }
          />
          {values.recipientKind === 'connection' ? (
            <ServicesPicker
              value={values.services}
              stored={Object.keys(values.storedServices)}
              onChange={(services) => set('services', services)}
            />
          ) : (
            <RecipientPicker
              kind={values.recipientKind}
              value={values.recipient}
              onChange={(recipient) => set('recipient', recipient)}
              describedBy={`${field('recipient').hintId}${errors.recipient ? ` ${field('recipient').errorId}` : ''}`}
              invalid={Boolean(errors.recipient)}
            />
          )}
        </Row>
      </FormField>
      <LazyCodeEditor
        label="Filter"
        value={values.filter}
        onChange={(filter) => set('filter', filter)}
        language="text"
        height="80px"
        data-testid={notificationsTestIds.ruleEditor.filter}
      />
      <FormField label="Title" {...field('title')}>
        <Input
          id={field('title').inputId}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
        />
      </FormField>
      <LazyCodeEditor
        label="Template"
        value={values.template}
        onChange={(template) => set('template', template)}
        language="text"
        height="140px"
        data-testid={notificationsTestIds.ruleEditor.template}
      />
      <Row>
        <FormField
          label="Repeat interval"
          {...field('repeatInterval', errors.repeatInterval)}
          hint="Send again for the same resource no sooner than this, e.g. 4h."
        >
          <Input
            id={field('repeatInterval').inputId}
            value={values.repeatInterval}
            aria-invalid={Boolean(errors.repeatInterval)}
            onChange={(event) => set('repeatInterval', event.target.value)}
          />
        </FormField>
        <FormField
          label="Wait for"
          {...field('waitFor', errors.waitFor)}
          hint="Hold a send this long before sending, e.g. 5m."
        >
          <Input
            id={field('waitFor').inputId}
            value={values.waitFor}
            aria-invalid={Boolean(errors.waitFor)}
            onChange={(event) => set('waitFor', event.target.value)}
          />
        </FormField>
      </Row>
      <Row>
        <FormField
          label="Wait for evaluation period"
          {...field('waitForEvalPeriod', errors.waitForEvalPeriod)}
          hint="After the wait, how long the health is watched again, e.g. 30s."
        >
          <Input
            id={field('waitForEvalPeriod').inputId}
            value={values.waitForEvalPeriod}
            aria-invalid={Boolean(errors.waitForEvalPeriod)}
            onChange={(event) => set('waitForEvalPeriod', event.target.value)}
          />
        </FormField>
        <FormField
          label="Group by"
          {...field('groupBy')}
          hint="Comma-separated, e.g. type, label:app."
        >
          <Input
            id={field('groupBy').inputId}
            value={values.groupBy}
            onChange={(event) => set('groupBy', event.target.value)}
          />
        </FormField>
      </Row>
      <Row>
        <FormField
          label="Fallback after"
          {...field('fallbackDelay', errors.fallbackDelay)}
          hint="When a send failed, notify the fallback team after this, e.g. 1h."
        >
          <Input
            id={field('fallbackDelay').inputId}
            value={values.fallbackDelay}
            aria-invalid={Boolean(errors.fallbackDelay)}
            onChange={(event) => set('fallbackDelay', event.target.value)}
          />
        </FormField>
        <FormField label="Fallback team" group {...field('fallbackTeam')}>
          <FallbackTeamPicker
            value={values.fallbackTeam}
            onChange={(team) => set('fallbackTeam', team)}
          />
        </FormField>
      </Row>
      <LazyCodeEditor
        label="Inhibitions"
        value={values.inhibitions}
        onChange={(inhibitions) => set('inhibitions', inhibitions)}
        language="json"
        height="100px"
        data-testid={notificationsTestIds.ruleEditor.inhibitions}
      />
      {errors.inhibitions ? (
        <Alert role="alert">{errors.inhibitions}</Alert>
      ) : (
        <Muted>
          A JSON list: once this rule notified about a check of the <code>from</code> type, its
          sends about related checks of the <code>to</code> types are held back, e.g.{' '}
          <code>{'[{"direction": "outgoing", "from": "http", "to": ["tcp"]}]'}</code>.
        </Muted>
      )}
      {refusal ? (
        <Alert role="alert" data-testid={notificationsTestIds.ruleEditor.error}>
          {refusal.message}
        </Alert>
      ) : null}
      <Row>
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Spacer />
        {ruleId ? (
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        ) : null}
      </Row>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete the rule ${values.name || ''}?`}
        description="Nothing more is sent for it; its send history stays."
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Form>
  );
}

/** A stored rule's form, once the server has answered with it. */
function EditRuleForm({ ruleId, onClose }: { ruleId: string; onClose: () => void }) {
  const client = useApiClient();
  const rule = useQuery(notificationRuleRecordQuery(client, ruleId));
  if (rule.isPending) return <SkeletonPage />;
  if (rule.isError) return <Alert role="alert">{rule.error.message}</Alert>;
  if (!rule.data) return <Alert role="alert">No rule with this id.</Alert>;
  return <RuleForm ruleId={ruleId} initial={ruleFormOf(rule.data)} onClose={onClose} />;
}

/** The rule editor (`?edit=new` or `?edit={id}` on /notifications/rules): add, edit or delete. */
export function RuleEditor({ edit, onClose }: { edit: string; onClose: () => void }) {
  const adding = edit === 'new';
  return (
    <Modal.Root
      open
      onClose={onClose}
      size="large"
      closeOnBackdropClick={false}
      data-testid={notificationsTestIds.ruleEditor.root}
    >
      <Modal.Header>{adding ? 'Add rule' : 'Edit rule'}</Modal.Header>
      <Modal.Body>
        {adding ? (
          <RuleForm ruleId={null} initial={emptyRuleForm} onClose={onClose} />
        ) : (
          <EditRuleForm ruleId={edit} onClose={onClose} />
        )}
      </Modal.Body>
    </Modal.Root>
  );
}
