import { useCan } from '@opsdeck/rbac/react';
import { Button, Plus } from '@opsdeck/ui';
import { lazy, Suspense, useState } from 'react';
import { incidentTestIds } from '../testIds.ts';

// The form (formik, yup) loads on the first click, not with the shell that draws this button.
const NewIncidentDialog = lazy(() =>
  import('./NewIncidentDialog.tsx').then((m) => ({ default: m.NewIncidentDialog })),
);

/** "New incident" in the list's header, for users with write on incident (console §6). */
export function NewIncidentButton() {
  const canWrite = useCan('incident', 'write');
  const [open, setOpen] = useState(false);
  if (!canWrite) return null;
  return (
    <>
      <Button
        type="button"
        variant="primary"
        data-testid={incidentTestIds.list.newButton}
        onClick={() => setOpen(true)}
      >
        <Plus size={16} aria-hidden="true" /> New incident
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <NewIncidentDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
