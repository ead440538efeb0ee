import { isNotFoundError } from '@opsdeck/api-client';
import { whoamiQuery } from '@opsdeck/api-client/auth';
import {
  approvePlaybookRun,
  cancelPlaybookRun,
  isFinalRunStatus,
  playbookKeys,
  playbookRunActionsQuery,
  playbookRunQuery,
  runApproversQuery,
  runRefetchIntervalMs,
  type PlaybookApproval,
  type PlaybookRun,
  type PlaybookRunAction,
} from '@opsdeck/api-client/playbooks';
import { applyOptimistic, useApiClient, useLiveUpdates } from '@opsdeck/api-client/react';
import { usePageTitle } from '@opsdeck/extensions/react';
import { useCapability } from '@opsdeck/rbac/react';
import {
  Button,
  ErrorPage,
  formatDuration,
  Moment,
  NotFoundPage,
  PageActions,
  PageLayout as Page,
  SkeletonPage,
  useToast,
} from '@opsdeck/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { ResourceLink } from '../components/ResourceLink.tsx';
import { RunStatusBadge } from '../components/RunStatusBadge.tsx';
import {
  approvalRefusal,
  approvalRefusalText,
  approvalSpecOf,
  approversText,
} from '../model/approval.ts';
import { playbookTitle, runDurationMs, runResource } from '../model/playbooks.ts';
import { actionKindOf } from '../model/results.ts';
import { RunModal } from '../RunModal/index.ts';
import { playbooksTestIds } from '../testIds.ts';
import { ActionResult } from './ActionResult.tsx';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const Timeline = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  min-width: 0;

  h3 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
  white-space: pre-wrap;
`;

function approverName(approval: PlaybookApproval): string {
  const person = approval.person_id;
  const team = approval.team_id;
  if (person && typeof person === 'object') return person.name || person.email || person.id;
  if (team && typeof team === 'object') return team.name || team.id;
  return String(person ?? team ?? approval.id);
}

function ActionStep({ action, spec }: { action: PlaybookRunAction; spec: unknown }) {
  const duration = runDurationMs(action);
  return (
    <Step data-testid={playbooksTestIds.run.action} data-status={action.status}>
      <h3>
        {action.name}
        <RunStatusBadge status={action.status} />
        {duration !== undefined && <small>{formatDuration(duration)}</small>}
      </h3>
      {action.error && <ErrorText>{action.error}</ErrorText>}
      <ActionResult
        result={action.result}
        kind={actionKindOf(spec, action.name)}
        name={action.name}
      />
    </Step>
  );
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/**
 * Who may approve a waiting run, and why the signed-in user may not (their own run, not a listed
 * approver, no permission): the Approve button is disabled with that reason, rather than refused
 * by the server after the click.
 */
function useApprovalStanding(run: PlaybookRun) {
  const client = useApiClient();
  const canApprove = useCapability('playbooks.approve');
  const waiting = run.status === 'pending_approval';
  const approval = approvalSpecOf(run.spec ?? run.playbooks?.spec);
  const whoami = useQuery({ ...whoamiQuery(client), enabled: waiting });
  const user = whoami.data?.payload.user;
  const approvers = useQuery({
    ...runApproversQuery(client, {
      people: approval?.people ?? [],
      teams: approval?.teams ?? [],
      personId: user?.id,
    }),
    enabled: waiting && approval !== undefined,
  });
  const requester = run.created_by;
  const requesterId = typeof requester === 'object' && requester ? requester.id : requester;
  const refusal = approvalRefusal({
    approval,
    requesterId: requesterId ?? undefined,
    user: user && { id: user.id, email: user.email, memberOf: approvers.data?.memberOf ?? [] },
    canApprove,
  });
  return { refusal, who: approversText(approval, approvers.data?.people) };
}

// An ApiError's message is the reply's sentence, whichever backend answered.
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The run page's reply in the cache (`playbookRunQuery`), told apart from its actions'. */
function isRunReply(data: unknown): data is { run: PlaybookRun; children: PlaybookRun[] } {
  return typeof data === 'object' && data !== null && 'run' in data && !Array.isArray(data);
}

function RunView({ run }: { run: PlaybookRun }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canRun = useCapability('playbooks.run');
  const standing = useApprovalStanding(run);
  const [runningAgain, setRunningAgain] = useState(false);
  const final = isFinalRunStatus(run.status);
  const live = useLiveUpdates() === 'live';
  const actions = useQuery({
    ...playbookRunActionsQuery(client, run.id),
    refetchInterval: final || live ? false : runRefetchIntervalMs,
  });
  // The actions' last poll may predate the run's new status (the final one above all, after which
  // polling stops): read them again whenever the status moves, or a finished run shows 'Running'.
  const seenStatus = useRef(run.status);
  useEffect(() => {
    if (seenStatus.current === run.status) return;
    seenStatus.current = run.status;
    void queryClient.invalidateQueries({ queryKey: playbookKeys.runActions(run.id) });
  }, [run.status, run.id, queryClient]);
  const title = run.playbooks ? playbookTitle(run.playbooks) : 'Playbook run';
  usePageTitle(title);
  const resource = runResource(run);
  const afterChange = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.runs() }),
    onError: (error: unknown) => toast.error(messageOf(error)),
    // This toast says it; the console's own for every failed call would say it twice.
    meta: { toast: false },
  };
  // The run shows its next status at once; a refusal puts it back with the server's message.
  const shows = (status: PlaybookRun['status']) => () =>
    applyOptimistic<unknown>(queryClient, playbookKeys.run(run.id), (shown) =>
      // The run's own reply; its actions, cached under the same key, stay as they are.
      isRunReply(shown) ? { ...shown, run: { ...shown.run, status } } : shown,
    );
  const undoOnError = (error: unknown, _: void, undo: (() => void) | undefined) => {
    undo?.();
    afterChange.onError(error);
  };
  const approve = useMutation({
    mutationFn: () => approvePlaybookRun(client, run.id),
    ...afterChange,
    onMutate: shows('scheduled'),
    onError: undoOnError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelPlaybookRun(client, run.id),
    ...afterChange,
    onMutate: shows('cancelled'),
    onError: undoOnError,
  });
  const parameters = Object.entries(run.parameters ?? {});
  const spec = run.spec ?? run.playbooks?.spec;

  return (
    <Page data-testid={playbooksTestIds.run.root}>
      <PageActions>
        <Link to="/playbooks/runs">All runs</Link>
      </PageActions>
      <Header>
        {/* h2: the shell header's h1 names the page with the same title (usePageTitle). */}
        <h2>{title}</h2>
        <RunStatusBadge status={run.status} testId={playbooksTestIds.run.status} />
        {run.status === 'pending_approval' && (
          <Button
            variant="success"
            disabled={approve.isPending || standing.refusal !== undefined}
            aria-describedby={standing.refusal ? 'run-approve-refusal' : undefined}
            title={standing.refusal ? approvalRefusalText[standing.refusal] : undefined}
            onClick={() => approve.mutate()}
          >
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
        )}
        {!final && canRun && (
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel'}
          </Button>
        )}
        {canRun && run.playbook_id && (
          <Button variant="secondary" onClick={() => setRunningAgain(true)}>
            Run again
          </Button>
        )}
      </Header>
      {run.error && <ErrorText role="alert">{run.error}</ErrorText>}
      <Panel aria-labelledby="run-details">
        <h2 id="run-details">Details</h2>
        <Facts>
          <dt>Resource</dt>
          <dd>
            {resource ? (
              <ResourceLink kind={resource.kind} id={resource.id} name={resource.name} />
            ) : (
              '–'
            )}
          </dd>
          <dt>Created</dt>
          <dd>
            <Moment value={run.created_at ?? null} fallback="–" />
          </dd>
          <dt>Started</dt>
          <dd>
            <Moment value={run.start_time ?? null} fallback="–" />
          </dd>
          <dt>Ended</dt>
          <dd>
            <Moment value={run.end_time ?? null} fallback="–" />
          </dd>
          <dt>Duration</dt>
          <dd>{formatDuration(runDurationMs(run)) || '–'}</dd>
          {typeof run.created_by === 'object' && run.created_by && (
            <>
              <dt>Run by</dt>
              <dd>{run.created_by.name || run.created_by.email}</dd>
            </>
          )}
        </Facts>
      </Panel>
      <Panel aria-labelledby="run-parameters">
        <h2 id="run-parameters">Parameters</h2>
        {parameters.length === 0 ? (
          <p>No parameters.</p>
        ) : (
          <Facts>
            {parameters.map(([name, value]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>{name}</dt>
                <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
              </div>
            ))}
          </Facts>
        )}
      </Panel>
      {(run.playbook_approvals.length > 0 || run.status === 'pending_approval') && (
        <Panel aria-labelledby="run-approvals" data-testid={playbooksTestIds.run.approvals}>
          <h2 id="run-approvals">Approvals</h2>
          {run.status === 'pending_approval' && (
            <>
              <Muted data-testid={playbooksTestIds.run.approvers}>
                Who may approve: {standing.who}
              </Muted>
              {standing.refusal && (
                <Muted id="run-approve-refusal" data-testid={playbooksTestIds.run.approveRefusal}>
                  {approvalRefusalText[standing.refusal]}
                </Muted>
              )}
            </>
          )}
          {run.playbook_approvals.length === 0 ? (
            <p>Waiting for approval.</p>
          ) : (
            <ul>
              {run.playbook_approvals.map((approval) => (
                <li key={approval.id}>
                  {approverName(approval)}
                  {approval.created_at ? (
                    <>
                      , <Moment value={approval.created_at} />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      )}
      <Panel aria-labelledby="run-actions">
        <h2 id="run-actions">Actions</h2>
        {actions.isPending ? (
          <p>Loading actions…</p>
        ) : actions.isError ? (
          <ErrorText role="alert">{messageOf(actions.error)}</ErrorText>
        ) : actions.data.length === 0 ? (
          <p>No action has run yet.</p>
        ) : (
          <Timeline>
            {actions.data.map((action) => (
              <ActionStep key={action.id} action={action} spec={spec} />
            ))}
          </Timeline>
        )}
      </Panel>
      {runningAgain && run.playbook_id && (
        <RunModal
          open
          onClose={() => setRunningAgain(false)}
          playbook={{ id: run.playbook_id, title }}
          {...(resource ? { resource } : {})}
          params={run.parameters ?? {}}
        />
      )}
    </Page>
  );
}

/** `/playbooks/runs/:id`: the run, its actions as they run, approvals, and Run again. */
export function PlaybookRunPage() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const live = useLiveUpdates() === 'live';
  const detail = useQuery({
    ...playbookRunQuery(client, id),
    // Polled until the run reaches a final state, unless the change stream keeps it fresh.
    refetchInterval: (query) =>
      live || (query.state.data && isFinalRunStatus(query.state.data.run.status))
        ? false
        : runRefetchIntervalMs,
  });
  if (detail.isPending) return <SkeletonPage label="Loading run" />;
  if (detail.isError && !isNotFoundError(detail.error)) return <ErrorPage error={detail.error} />;
  if (!detail.data)
    return <NotFoundPage what="playbook run" back={<Link to="/playbooks/runs">All runs</Link>} />;
  return <RunView run={detail.data.run} />;
}
