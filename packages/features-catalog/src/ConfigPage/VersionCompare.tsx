import { configDiffHistoryQuery } from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { formatLocalMoment, Select, SkeletonText } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DiffView } from '../components/DiffView.tsx';
import { Muted, Toolbar } from '../components/PageLayout.ts';
import { diffTexts, rebuildVersions, type ConfigVersion } from '../model/diff.ts';
import { diffableTexts } from '../model/spec.ts';
import { catalogTestIds } from '../testIds.ts';
import { useConfig } from './configContext.ts';

function versionLabel(version: ConfigVersion, index: number): string {
  if (index === 0)
    return `Current${version.createdAt ? ` (${formatLocalMoment(version.createdAt)})` : ''}`;
  return version.createdAt ? formatLocalMoment(version.createdAt) : 'Earliest recorded';
}

/**
 * Any two versions side by side: earlier versions are rebuilt from the current spec by applying
 * the recorded diffs backwards, in whichever rendering (sorted JSON, YAML, JSON) they were made of.
 */
export function VersionCompare() {
  const { config } = useConfig();
  const client = useApiClient();
  const history = useQuery(configDiffHistoryQuery(client, config.id));
  const versions = useMemo(() => {
    if (!history.data) return [];
    const candidates = diffableTexts(config.config).map((text) =>
      rebuildVersions(text, history.data),
    );
    // The rendering the diffs apply to rebuilds the most versions; ties keep the likelier one.
    return candidates.reduce<ConfigVersion[]>(
      (best, next) => (next.length > best.length ? next : best),
      [],
    );
  }, [history.data, config.config]);
  const [picked, setPicked] = useState<{ from?: string; to?: string }>({});
  const from = versions.find((version) => version.id === picked.from) ?? versions[1];
  const to = versions.find((version) => version.id === picked.to) ?? versions[0];
  const hunks = useMemo(() => (from && to ? diffTexts(from.text, to.text) : []), [from, to]);

  if (history.isPending) return <SkeletonText label="Loading the history" />;
  if (versions.length < 2) {
    return (
      <Muted>
        {history.data && history.data.length > 0
          ? 'The recorded diffs do not apply to the current spec, so earlier versions cannot be rebuilt.'
          : 'No earlier version is recorded.'}
      </Muted>
    );
  }
  const options = versions.map((version, index) => ({
    value: version.id,
    label: versionLabel(version, index),
  }));
  return (
    <div data-testid={catalogTestIds.diff.compare}>
      <Toolbar>
        <Select
          label="From"
          options={options}
          value={from?.id}
          onChange={(value) => setPicked({ ...picked, from: value })}
        />
        <Select
          label="To"
          options={options}
          value={to?.id}
          onChange={(value) => setPicked({ ...picked, to: value })}
        />
      </Toolbar>
      <DiffView hunks={hunks} label="Diff between the versions" />
    </div>
  );
}
