import { CatalogNav } from '../components/CatalogNav.tsx';
import { ChangesTable } from '../components/ChangesTable.tsx';
import { PageRoot } from '../components/PageLayout.ts';

/** `/catalog/changes`: every config's changes, the last 7 days unless a range is picked. */
export function CatalogChangesPage() {
  return (
    <PageRoot>
      <CatalogNav />
      <ChangesTable tableId="changes" label="Config changes" defaultFrom="now-7d" />
    </PageRoot>
  );
}
