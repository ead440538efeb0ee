import { catalogSlots } from '../slots.ts';
import { useSlot } from '@opsdeck/extensions/react';
import { EmptyState, SkeletonText } from '@opsdeck/ui';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { catalogTestIds } from '../testIds.ts';
import { useConfig } from './configContext.ts';

/**
 * A sub-page another feature contributes through `catalogSlots.configTabs`, found by its path. The
 * Playbooks tab is one: until the playbooks feature fills it, the tab says so.
 */
export function SlotTabPage({ path: fixedPath }: { path?: string }) {
  const { tab } = useParams();
  const path = fixedPath ?? tab;
  const { ref } = useConfig();
  const contribution = useSlot(catalogSlots.configTabs).find((item) => item.path === path);
  if (!contribution) {
    return (
      <div data-testid={path === 'playbooks' ? catalogTestIds.playbooks.root : undefined}>
        <EmptyState
          kind="details"
          title={
            path === 'playbooks'
              ? 'Playbooks are not available in this console'
              : 'This section is not available'
          }
          description={
            path === 'playbooks'
              ? 'The playbooks that accept this config show here once the Playbooks feature is part of the console.'
              : undefined
          }
        />
      </div>
    );
  }
  const { Component } = contribution;
  return (
    <div data-testid={path === 'playbooks' ? catalogTestIds.playbooks.root : undefined}>
      <Suspense fallback={<SkeletonText label={`Loading ${contribution.title}`} />}>
        <Component config={ref} />
      </Suspense>
    </div>
  );
}

export function PlaybooksTabPage() {
  return <SlotTabPage path="playbooks" />;
}
