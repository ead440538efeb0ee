import {
  addResponder,
  attachEvidence,
  componentSearchQuery,
  createHypothesis,
  createIncident,
} from '@opsdeck/api-client/incidents';
import { peopleQuery } from '@opsdeck/api-client/people';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Button, Combobox, Modal, Select, type ComboboxOption } from '@opsdeck/ui';
import { EntityPicker, entityOption } from '@opsdeck/ui/entity-picker';
import { SchemaForm, type FormValues } from '@opsdeck/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshIncident } from '../hooks/incidentQueries.ts';
import { useUserId } from '../hooks/useUserId.ts';
import { incidentRoutes } from '../routes.ts';
import { incidentTestIds } from '../testIds.ts';
import { newIncidentForm } from './newIncidentForm.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The people a box offers: those whose name or email contains the typed text. */
function matching(people: readonly ComboboxOption[], typed: string) {
  const needle = typed.trim().toLowerCase();
  return needle === ''
    ? people
    : people.filter(
        (person) =>
          person.label.toLowerCase().includes(needle) ||
          (person.detail ?? '').toLowerCase().includes(needle),
      );
}

/**
 * Creates an incident and, as the reference's create form does, its first root hypothesis titled
 * as the incident, the affected component as topology evidence on it, and the responders; then
 * opens it. A failure keeps every field as typed (SchemaForm).
 */
export function NewIncidentDialog({ onClose }: { onClose: () => void }) {
  const client = useApiClient();
  const userId = useUserId();
  const navigate = useNavigate();
  const incidentLink = useRouteLink(incidentRoutes.incident);
  const refresh = useRefreshIncident(undefined);
  const people = useQuery(peopleQuery(client));
  const [component, setComponent] = useState<ComboboxOption | null>(null);
  // Unset means the creator, as the reference's create form has it.
  const [commander, setCommander] = useState<string | null>(null);
  const [responders, setResponders] = useState<ComboboxOption[]>([]);
  const [respondersTyped, setRespondersTyped] = useState('');
  const personOptions: ComboboxOption[] = (people.data ?? []).map((person) => ({
    id: person.id,
    label: person.name,
    ...(person.email && person.email !== person.name ? { detail: person.email } : {}),
  }));

  async function submit(values: FormValues) {
    if (!userId) return { error: 'Your session is still loading; try again' };
    const title = text(values.title);
    const created = await createIncident(client, {
      title,
      description: text(values.description),
      severity: text(values.severity),
      type: text(values.type),
      status: text(values.status),
      userId,
      commanderId: commander ?? userId,
    });
    const failures: string[] = [];
    try {
      const root = await createHypothesis(client, {
        incidentId: created.id,
        title,
        type: 'root',
        status: 'possible',
        userId,
      });
      if (component)
        await attachEvidence(client, {
          hypothesisId: root.id,
          userId,
          type: 'topology',
          component_id: component.id,
          description: component.label,
        }).catch(() => failures.push('the affected component'));
    } catch (error) {
      // The incident exists; its page offers to add a hypothesis, so open it anyway.
      console.error('The first hypothesis was not created', error);
      if (component) failures.push('the affected component');
    }
    for (const responder of responders)
      await addResponder(client, { incidentId: created.id, userId, personId: responder.id }).catch(
        () => failures.push(`responder ${responder.label}`),
      );
    if (failures.length > 0)
      console.error(`The incident was created without ${failures.join(', ')}`);
    void refresh();
    onClose();
    if (incidentLink) void navigate(incidentLink({ id: created.id }));
  }

  return (
    <Modal.Root open onClose={onClose} data-testid={incidentTestIds.list.newDialog}>
      <Modal.Header>New incident</Modal.Header>
      <Modal.Body>
        <SchemaForm
          description={newIncidentForm}
          onSubmit={submit}
          submitLabel="Create"
          aria-label="New incident"
          extraFields={
            <>
              <EntityPicker
                label="Affected component"
                placeholder="Search components"
                query={(search) => componentSearchQuery(client, search)}
                toOption={(found) => entityOption({ id: found.id, name: found.name })}
                value={component}
                onChange={setComponent}
              />
              <Select
                label="Commander"
                options={personOptions.map((person) => ({
                  value: person.id,
                  label: person.id === userId ? `${person.label} (you)` : person.label,
                }))}
                value={commander ?? userId}
                placeholder={people.isPending ? 'Loading people…' : 'You'}
                onChange={setCommander}
              />
              <Combobox
                label="Responders"
                placeholder="Add people"
                multiple
                options={matching(personOptions, respondersTyped)}
                loading={people.isPending}
                inputValue={respondersTyped}
                onInputChange={setRespondersTyped}
                value={responders}
                onChange={setResponders}
              />
            </>
          }
          actions={
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      </Modal.Body>
    </Modal.Root>
  );
}
