import { InsightsTable } from '../components/InsightsTable.tsx';
import { useConfig } from './configContext.ts';

/** A config's insights: severity, analyzer, status, first and last observed. */
export function ConfigInsightsPage() {
  const { config } = useConfig();
  return (
    <InsightsTable
      tableId="insights"
      label={`Insights of ${config.name ?? config.id}`}
      configId={config.id}
    />
  );
}
