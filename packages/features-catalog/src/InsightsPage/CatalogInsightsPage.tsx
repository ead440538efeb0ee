import { CatalogNav } from '../components/CatalogNav.tsx';
import { InsightsTable } from '../components/InsightsTable.tsx';
import { PageRoot } from '../components/PageLayout.ts';

/** `/catalog/insights`: the analyses across the catalog, open ones first. */
export function CatalogInsightsPage() {
  return (
    <PageRoot>
      <CatalogNav />
      <InsightsTable tableId="insights" label="Config insights" />
    </PageRoot>
  );
}
