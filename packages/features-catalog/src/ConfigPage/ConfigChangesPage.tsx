import { Section } from '../components/PageLayout.ts';
import { ChangesTable } from '../components/ChangesTable.tsx';
import { useConfig } from './configContext.ts';
import { configChangesDefaultFrom } from './tabCounts.ts';
import { VersionCompare } from './VersionCompare.tsx';

/** A config's changes (its own, over the last 30 days unless a range is picked) and its versions. */
export function ConfigChangesPage() {
  const { config } = useConfig();
  return (
    <>
      <ChangesTable
        tableId="changes"
        label={`Changes of ${config.name ?? config.id}`}
        configId={config.id}
        recursive="none"
        defaultFrom={configChangesDefaultFrom}
      />
      <Section>
        <h2>Compare versions</h2>
        <VersionCompare />
      </Section>
    </>
  );
}
