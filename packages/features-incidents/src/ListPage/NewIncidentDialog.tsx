import { createHypothesis, createIncident } from '@opsdeck/api-client/incidents';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Button, Modal } from '@opsdeck/ui';
import { SchemaForm, type FormValues } from '@opsdeck/ui/forms';
import { useNavigate } from 'react-router';
import { useRefreshIncident } from '../hooks/incidentQueries.ts';
import { useUserId } from '../hooks/useUserId.ts';
import { incidentRoutes } from '../routes.ts';
import { incidentTestIds } from '../testIds.ts';
import { newIncidentForm } from './newIncidentForm.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Creates an incident and, as the reference's create form does, its first root hypothesis titled
 * as the incident; then opens it. A failure keeps every field as typed (SchemaForm).
 */
export function NewIncidentDialog({ onClose }: { onClose: () => void }) {
  const client = useApiClient();
  const userId = useUserId();
  const navigate = useNavigate();
  const incidentLink = useRouteLink(incidentRoutes.incident);
  const refresh = useRefreshIncident(undefined);

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
    });
    try {
      await createHypothesis(client, {
        incidentId: created.id,
        title,
        type: 'root',
        status: 'possible',
        userId,
      });
    } catch (error) {
      // The incident exists; its page offers to add a hypothesis, so open it anyway.
      console.error('The first hypothesis was not created', error);
    }
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
