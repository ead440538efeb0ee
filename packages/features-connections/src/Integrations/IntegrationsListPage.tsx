import { useCan } from '@opsdeck/rbac/react';
import { Button, Plus } from '@opsdeck/ui';
import { useState } from 'react';
import { Actions } from '../components/PageLayout.ts';
import { connectionsTestIds } from '../testIds.ts';
import { AddIntegrationWizard } from '../Wizard/AddIntegrationWizard.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

/** `/settings/integrations` with the plus button that opens the Add Integration wizard (writers). */
export function IntegrationsListPage() {
  const canWrite = useCan('integrations', 'write');
  const [adding, setAdding] = useState(false);
  return (
    <>
      <IntegrationsPage
        actions={
          canWrite ? (
            <Actions>
              <Button
                type="button"
                data-testid={connectionsTestIds.addIntegration}
                onClick={() => setAdding(true)}
              >
                <Plus size={16} aria-hidden />
                Add integration
              </Button>
            </Actions>
          ) : null
        }
      />
      {canWrite && <AddIntegrationWizard open={adding} onClose={() => setAdding(false)} />}
    </>
  );
}
