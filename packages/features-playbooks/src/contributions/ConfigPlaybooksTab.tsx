import {
  isFinalRunStatus,
  playbookRunsQuery,
  playbooksForResourceQuery,
  runRefetchIntervalMs,
  type PlaybookListItem,
} from '@opsdeck/api-client/playbooks';
import { useApiClient, useLiveUpdates } from '@opsdeck/api-client/react';
import { useCapability } from '@opsdeck/rbac/react';
import { Button, formatDuration, Moment } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { RunStatusBadge } from '../components/RunStatusBadge.tsx';
import { playbookTitle, runDurationMs } from '../model/playbooks.ts';
import { RunModal } from '../RunModal/index.ts';
import { playbooksTestIds } from '../testIds.ts';

// What the catalog's slots pass about a config (extensions' ConfigRef, read structurally).
interface ConfigSlotRef {
  id: string;
  name: string;
}

const RECENT_RUNS = 10;

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSize.md};
  }
  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

/** The catalog's Playbooks tab: the playbooks for this config and its recent runs. */
export function ConfigPlaybooksTab({ config }: { config: ConfigSlotRef }) {
  const client = useApiClient();
  const canRun = useCapability('playbooks.run');
  const resource = { kind: 'config' as const, id: config.id };
  const live = useLiveUpdates() === 'live';
  const playbooks = useQuery(playbooksForResourceQuery(client, resource));
  const runs = useQuery({
    ...playbookRunsQuery(client, { pageIndex: 0, pageSize: RECENT_RUNS, resource }),
    refetchInterval: (query) =>
      !live && query.state.data?.rows.some((run) => !isFinalRunStatus(run.status))
        ? runRefetchIntervalMs
        : false,
  });
  const [running, setRunning] = useState<PlaybookListItem | undefined>(undefined);
  return (
    <Layout data-testid={playbooksTestIds.configTab}>
      <section aria-labelledby="config-playbooks">
        <h2 id="config-playbooks">Playbooks</h2>
        {playbooks.data?.length === 0 && <p>No playbook applies to this config.</p>}
        <ul>
          {(playbooks.data ?? []).map((playbook) => (
            <li key={playbook.id}>
              <span>{playbookTitle(playbook)}</span>
              {canRun && (
                <Button size="small" onClick={() => setRunning(playbook)}>
                  Run
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="config-runs">
        <h2 id="config-runs">Recent runs</h2>
        {runs.data?.rows.length === 0 && <p>No runs yet.</p>}
        <ul>
          {(runs.data?.rows ?? []).map((run) => (
            <li key={run.id}>
              <Link to={`/playbooks/runs/${encodeURIComponent(run.id)}`}>
                {run.playbooks ? playbookTitle(run.playbooks) : run.id}
              </Link>
              <RunStatusBadge status={run.status} />
              <Moment value={run.start_time ?? run.created_at ?? null} />
              <span>{formatDuration(runDurationMs(run))}</span>
            </li>
          ))}
        </ul>
      </section>
      {running && (
        <RunModal
          open
          onClose={() => setRunning(undefined)}
          playbook={{ id: running.id, title: playbookTitle(running) }}
          resource={{ kind: 'config', id: config.id, name: config.name }}
        />
      )}
    </Layout>
  );
}
