import { useCan } from '@opsdeck/rbac/react';
import { Button, Plus } from '@opsdeck/ui';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { incidentTestIds } from '../testIds.ts';

// The form (formik, yup) loads on the first click, not with the shell that draws this button.
const NewIncidentDialog = lazy(() =>
  import('./NewIncidentDialog.tsx').then((m) => ({ default: m.NewIncidentDialog })),
);

// On a phone the header has room for an icon only (the title and menu button come first); the
// name stays for screen readers.
const Label = styled.span`
  @media ${({ theme }) => theme.media.phone} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** "New incident" in the list's header, for users with write on incident (console §6). */
export function NewIncidentButton() {
  const canWrite = useCan('incident', 'write');
  const [open, setOpen] = useState(false);
  // `?new=incident` (the palette's New incident) opens the dialog too; closing it drops the ask.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('new') === 'incident';
  const close = () => {
    setOpen(false);
    if (asked)
      setSearch(
        (previous) => {
          previous.delete('new');
          return previous;
        },
        { replace: true },
      );
  };
  if (!canWrite) return null;
  return (
    <>
      <Button
        type="button"
        variant="primary"
        data-testid={incidentTestIds.list.newButton}
        onClick={() => setOpen(true)}
      >
        <Plus size={16} aria-hidden="true" /> <Label>New incident</Label>
      </Button>
      {open || asked ? (
        <Suspense fallback={null}>
          <NewIncidentDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
