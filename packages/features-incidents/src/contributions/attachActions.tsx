import type { CheckRef } from '@opsdeck/features-health/slots';
import type { ComponentRef } from '@opsdeck/features-topology/slots';
import { Button } from '@opsdeck/ui';
import { lazy, Suspense, useState } from 'react';
import type { EvidenceSubject } from '../model/attachFlow.ts';
import { incidentTestIds } from '../testIds.ts';

// What the incidents feature puts in other features' action slots (feature.ts): an 'Attach as
// Evidence' button; the dialog (its searches and form) loads on the first click.
const AttachEvidenceDialog = lazy(() =>
  import('../AttachEvidence/AttachEvidenceDialog.tsx').then((m) => ({
    default: m.AttachEvidenceDialog,
  })),
);

function AttachButton({ subject }: { subject: EvidenceSubject }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        data-testid={incidentTestIds.attach.button}
        onClick={() => setOpen(true)}
      >
        Attach as Evidence
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AttachEvidenceDialog subject={subject} open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function AttachCheck({ check }: { check: CheckRef }) {
  return <AttachButton subject={{ kind: 'check', check }} />;
}

export function AttachConfig({
  config,
}: {
  config: { id: string; name: string; type: string | null };
}) {
  return <AttachButton subject={{ kind: 'config', config }} />;
}

export function AttachComponent({ component }: { component: ComponentRef }) {
  return <AttachButton subject={{ kind: 'component', component }} />;
}
