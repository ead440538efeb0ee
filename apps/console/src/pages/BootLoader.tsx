import { Spinner } from '@opsdeck/ui';
import { testIds } from '../testIds.ts';

/** Shown while the first page's code loads. */
export function BootLoader() {
  return (
    <main
      data-testid={testIds.shell.bootLoader}
      aria-busy="true"
      style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}
    >
      <Spinner size={24} label="Loading Opsdeck" />
    </main>
  );
}
