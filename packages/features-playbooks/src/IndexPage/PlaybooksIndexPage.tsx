import { playbooksQuery, type Playbook } from '@opsdeck/api-client/playbooks';
import { useApiClient } from '@opsdeck/api-client/react';
import { useRouteLink } from '@opsdeck/extensions/react';
import { useCan, useCapability } from '@opsdeck/rbac/react';
import {
  Badge,
  Button,
  EmptyState,
  NameSearch,
  ErrorPage,
  PageActions,
  PageLayout as Page,
  Play,
  Plus,
  SkeletonPage,
  useUrlState,
} from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PlaybookIcon } from '../components/PlaybookIcon.tsx';
import {
  playbooksByCategory,
  playbookTitle,
  resourceKindLabels,
  resourceKindsOf,
} from '../model/playbooks.ts';
import { playbooksRoutes } from '../routes.ts';
import { RunModal } from '../RunModal/index.ts';
import { playbooksTestIds } from '../testIds.ts';

const Category = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h3 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Kinds = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const CardActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  align-items: center;
`;

/** Reference §2: only playbooks created through the API (source UI, or none recorded) change here. */
const editable = (playbook: Playbook) => !playbook.source || playbook.source === 'UI';

/** Why Run is off, in the words of the permission (settings §6), so a responder knows what to ask for. */
export const cannotRunReason =
  'You cannot run playbooks: running one needs write on playbook runs (the playbook:run permission). Ask an admin to grant it.';

const RunNotice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function PlaybookCard({
  playbook,
  canRun,
  canEdit,
  onRun,
  runNoticeId,
}: {
  playbook: Playbook;
  canRun: boolean;
  canEdit: boolean;
  onRun: () => void;
  runNoticeId: string;
}) {
  const title = playbookTitle(playbook);
  const kinds = resourceKindsOf(playbook.spec);
  const description = playbook.spec?.description || playbook.description;
  // The runs list filtered to this playbook, through the list route's typed search.
  const runs = useRouteLink(playbooksRoutes.runs)?.({}, { 'runs.playbook.filter': playbook.id });
  return (
    <Card data-testid={playbooksTestIds.index.card}>
      <h3>
        <PlaybookIcon icon={playbook.spec?.icon || playbook.icon} />
        {title}
      </h3>
      {description && <p>{description}</p>}
      {kinds.length > 0 && (
        <Kinds aria-label="Runs on">
          {kinds.map((kind) => (
            <Badge key={kind} size="small">
              {resourceKindLabels[kind]}
            </Badge>
          ))}
        </Kinds>
      )}
      <CardActions>
        {runs && (
          <Link to={runs} aria-label={`Runs of ${title}`}>
            Runs
          </Link>
        )}
        {/* Shown to everyone: disabled, with the page's notice saying which permission is missing. */}
        <Button
          variant="primary"
          size="small"
          onClick={onRun}
          disabled={!canRun}
          aria-label={`Run ${title}`}
          aria-describedby={canRun ? undefined : runNoticeId}
          title={canRun ? undefined : cannotRunReason}
        >
          <Play size={14} aria-hidden="true" /> Run
        </Button>
        {canEdit && (
          // A playbook from files (GitOps) or a CRD opens read-only: its source is where it changes.
          <Link
            to={`/playbooks/${encodeURIComponent(playbook.id)}`}
            aria-label={`${editable(playbook) ? 'Edit' : 'View'} ${title}`}
          >
            {editable(playbook) ? 'Edit' : 'View'}
          </Link>
        )}
      </CardActions>
    </Card>
  );
}

/** The URL parameter of the index's search. */
const SEARCH_PARAM = 'search';

/** Whether `search` is part of the playbook's title or name, any case. */
function matchesName(playbook: Playbook, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return true;
  return [playbookTitle(playbook), playbook.name].some((name) =>
    (name ?? '').toLowerCase().includes(wanted),
  );
}

/**
 * `/playbooks`: every playbook by category, with Run and, for editors, New and Edit; the search box
 * (`?search=`, pushed so Back undoes it) narrows them by name.
 */
export function PlaybooksIndexPage() {
  const client = useApiClient();
  const playbooks = useQuery(playbooksQuery(client));
  const canRun = useCapability('playbooks.run');
  const canEdit = useCan('playbooks', 'write');
  const [running, setRunning] = useState<Playbook | undefined>(undefined);
  const runNoticeId = useId();
  const { searchParams, setSearchParams } = useUrlState();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const commitSearch = useCallback(
    (text: string) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (text) next.set(SEARCH_PARAM, text);
        else next.delete(SEARCH_PARAM);
        return next;
      }),
    [setSearchParams],
  );
  const shown = useMemo(
    () => playbooks.data?.filter((playbook) => matchesName(playbook, search)),
    [playbooks.data, search],
  );

  if (playbooks.isPending) return <SkeletonPage label="Loading playbooks" />;
  if (playbooks.isError) return <ErrorPage error={playbooks.error} />;
  const categories = playbooksByCategory(shown ?? []);
  return (
    <Page data-testid={playbooksTestIds.index.root}>
      <PageActions>
        <Link to="/playbooks/runs">Runs</Link>
        {canEdit && (
          <Link to="/playbooks/new">
            <Plus size={14} aria-hidden="true" /> New playbook
          </Link>
        )}
      </PageActions>
      {playbooks.data.length > 0 && (
        <NameSearch value={search} onCommit={commitSearch} testId={playbooksTestIds.index.search} />
      )}
      {!canRun && categories.length > 0 && (
        <RunNotice id={runNoticeId} role="note">
          {cannotRunReason}
        </RunNotice>
      )}
      {categories.length === 0 && (
        <EmptyState title={search ? `No playbook named like “${search}”` : 'No playbooks yet'} />
      )}
      {categories.map((category) => (
        <Category key={category.name} aria-label={category.name}>
          <h2>{category.name}</h2>
          <Cards>
            {category.playbooks.map((playbook) => (
              <PlaybookCard
                key={playbook.id}
                playbook={playbook}
                canRun={canRun}
                canEdit={canEdit}
                onRun={() => setRunning(playbook)}
                runNoticeId={runNoticeId}
              />
            ))}
          </Cards>
        </Category>
      ))}
      {running && (
        <RunModal
          open
          onClose={() => setRunning(undefined)}
          playbook={{ id: running.id, title: playbookTitle(running) }}
        />
      )}
    </Page>
  );
}
