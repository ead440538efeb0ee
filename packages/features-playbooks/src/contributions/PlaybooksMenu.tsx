import type { CheckRef } from '@opsdeck/features-health/slots';
import type { ComponentRef } from '@opsdeck/features-topology/slots';
import {
  playbooksForResourceQuery,
  type PlaybookListItem,
  type PlaybookResourceRef,
} from '@opsdeck/api-client/playbooks';
import { useApiClient } from '@opsdeck/api-client/react';

import { DropdownMenu } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { playbookTitle } from '../model/playbooks.ts';
import { RunModal } from '../RunModal/index.ts';
import { playbooksTestIds } from '../testIds.ts';

// What the catalog's slots pass about a config (extensions' ConfigRef, read structurally).
interface ConfigSlotRef {
  id: string;
  name: string;
}

/**
 * Settings §2: the playbooks that apply to a check, config or component (their selectors match it),
 * each opening the run modal with the resource preset. Nothing shows when none applies.
 */
function PlaybooksMenu({ resource }: { resource: PlaybookResourceRef & { name: string } }) {
  const client = useApiClient();
  const playbooks = useQuery(
    playbooksForResourceQuery(client, { kind: resource.kind, id: resource.id }),
  );
  const [running, setRunning] = useState<PlaybookListItem | undefined>(undefined);
  if (!playbooks.data || playbooks.data.length === 0) return null;
  return (
    <div data-testid={playbooksTestIds.menu}>
      <DropdownMenu
        label="Playbooks"
        variant="secondary"
        align="end"
        items={playbooks.data.map((playbook) => ({
          id: playbook.id,
          label: playbookTitle(playbook),
          onSelect: () => setRunning(playbook),
        }))}
      />
      {running && (
        <RunModal
          open
          onClose={() => setRunning(undefined)}
          playbook={{ id: running.id, title: playbookTitle(running) }}
          resource={resource}
        />
      )}
    </div>
  );
}

export function CheckPlaybooksMenu({ check }: { check: CheckRef }) {
  return <PlaybooksMenu resource={{ kind: 'check', id: check.id, name: check.name }} />;
}

export function ConfigPlaybooksMenu({ config }: { config: ConfigSlotRef }) {
  return <PlaybooksMenu resource={{ kind: 'config', id: config.id, name: config.name }} />;
}

export function ComponentPlaybooksMenu({ component }: { component: ComponentRef }) {
  return <PlaybooksMenu resource={{ kind: 'component', id: component.id, name: component.name }} />;
}
