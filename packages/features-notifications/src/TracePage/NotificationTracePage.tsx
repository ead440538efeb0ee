import {
  checkTransitionsQuery,
  type CheckTransition,
  type TransitionDecision,
} from '@opsdeck/api-client/notifications';
import { useApiClient } from '@opsdeck/api-client/react';
import { parseRouteSearch } from '@opsdeck/extensions';
import { useRouteLink } from '@opsdeck/extensions/react';
import {
  Badge,
  Button,
  EmptyState,
  Moment,
  PageLayout as Page,
  Select,
  SkeletonTable,
} from '@opsdeck/ui';
import { Input } from '@opsdeck/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { NotificationsNav } from '../components/NotificationsNav.tsx';
import { ResourceLink } from '../components/ResourceLink.tsx';
import { SendStatusBadge } from '../components/SendStatusBadge.tsx';
import { readableReason } from '../model/sends.ts';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';

const PAGE_SIZE = 20;
const DAY_MILLIS = 24 * 3_600_000;

/** Statuses whose row is a send attempt (a due send, one sent, one that failed): it has a detail. */
const SEND_STATUSES = new Set(['pending', 'sent', 'error']);

const statusOptions = [
  { value: 'all', label: 'Any status' },
  { value: 'unhealthy', label: 'Failing' },
  { value: 'healthy', label: 'Passing' },
];

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};

  > * {
    min-width: 0;
  }
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Transition = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Heading = styled.h2`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: normal;
`;

const Decisions = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Decision = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

function DecisionLine({ decision }: { decision: TransitionDecision }) {
  const toRules = useRouteLink(notificationsRoutes.rules);
  const toSilences = useRouteLink(notificationsRoutes.silences);
  const toHistory = useRouteLink(notificationsRoutes.history);
  const ruleName = decision.rule_name || decision.rule_id || 'a deleted rule';
  const ruleHref = decision.rule_id ? toRules?.({}, { edit: decision.rule_id }) : undefined;
  const silenceHref = decision.silenced_by
    ? toSilences?.({}, { 'silences.state.filter': 'all' })
    : undefined;
  const sendHref = SEND_STATUSES.has(decision.status ?? '')
    ? toHistory?.({}, { id: decision.id })
    : undefined;
  return (
    <Decision>
      {ruleHref ? <Link to={ruleHref}>{ruleName}</Link> : <span>{ruleName}</span>}
      <SendStatusBadge status={decision.status} />
      {decision.reason ? <Muted>{readableReason(decision.reason)}</Muted> : null}
      {decision.silenced_by ? (
        silenceHref ? (
          <Link to={silenceHref}>Silence {decision.silence_name || decision.silenced_by}</Link>
        ) : (
          <span>Silence {decision.silence_name || decision.silenced_by}</span>
        )
      ) : null}
      {sendHref ? <Link to={sendHref}>Send detail</Link> : null}
    </Decision>
  );
}

function TransitionItem({ transition }: { transition: CheckTransition }) {
  const failing = transition.status === 'unhealthy';
  const name = transition.check_name || transition.check_id || 'a deleted check';
  const matched = transition.matched_count ?? 0;
  return (
    <Transition data-testid={notificationsTestIds.trace.transition}>
      <Heading>
        {transition.check_id ? (
          <ResourceLink kind="check" id={transition.check_id} name={name} />
        ) : (
          <span>{name}</span>
        )}
        <Badge color={failing ? 'red' : 'green'}>{failing ? 'Failing' : 'Passing'}</Badge>
        <Muted>
          {transition.source_event} · <Moment value={transition.created_at ?? null} />
        </Muted>
      </Heading>
      {transition.decisions.length === 0 ? (
        <strong>No rule listens to {transition.source_event ?? 'this event'}</strong>
      ) : matched === 0 ? (
        <strong>No rule matched</strong>
      ) : null}
      <Decisions aria-label={`Decisions about ${name}`}>
        {transition.decisions.map((decision) => (
          <DecisionLine key={decision.id} decision={decision} />
        ))}
      </Decisions>
    </Transition>
  );
}

/**
 * `/notifications/trace` (issue 34): each check transition of the last 24 h, newest first, with
 * every rule's decision about it — its outcome and why, the silence that stopped it, its send.
 * The check name, the status and the page are in the URL.
 */
export function NotificationTracePage() {
  const client = useApiClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseRouteSearch(notificationsRoutes.trace, searchParams);
  const pageIndex = Number(search.page ?? '1') - 1;
  // The window's start, fixed while the page is open so paging reads one list.
  const [since] = useState(() => new Date(Date.now() - DAY_MILLIS).toISOString());
  const [checkText, setCheckText] = useState(search.check ?? '');
  const transitions = useQuery(
    checkTransitionsQuery(client, {
      pageIndex,
      pageSize: PAGE_SIZE,
      since,
      ...(search.check ? { check: search.check } : {}),
      ...(search.status ? { status: search.status } : {}),
    }),
  );

  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ check: checkText.trim() || undefined, page: undefined });
  };

  const total = transitions.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  let body;
  if (transitions.isPending) body = <SkeletonTable />;
  else if (transitions.isError)
    body = <Alert role="alert">Could not load the trace: {transitions.error.message}</Alert>;
  else if (transitions.data.rows.length === 0)
    body = (
      <EmptyState
        kind="data"
        title="No check transitions"
        description="No check changed status in the last 24 hours."
      />
    );
  else
    body = (
      <>
        <List aria-label="Check transitions">
          {transitions.data.rows.map((transition) => (
            <TransitionItem key={transition.id} transition={transition} />
          ))}
        </List>
        <Pager aria-label="Trace pagination">
          <Button
            type="button"
            variant="secondary"
            disabled={pageIndex === 0}
            onClick={() => update({ page: pageIndex > 1 ? String(pageIndex) : undefined })}
          >
            Previous
          </Button>
          <span>
            Page {pageIndex + 1} of {pages} ({total} transitions)
          </span>
          <Button
            type="button"
            variant="secondary"
            disabled={pageIndex + 1 >= pages}
            onClick={() => update({ page: String(pageIndex + 2) })}
          >
            Next
          </Button>
        </Pager>
      </>
    );

  return (
    <Page data-testid={notificationsTestIds.trace.root}>
      <NotificationsNav />
      <Filters role="search" onSubmit={onSearch}>
        <label>
          Check{' '}
          <Input
            type="search"
            value={checkText}
            placeholder="Part of the name"
            onChange={(event) => setCheckText(event.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <Select
          label="Status"
          options={statusOptions}
          value={search.status ?? 'all'}
          onChange={(value) =>
            update({ status: value === 'all' ? undefined : value, page: undefined })
          }
        />
      </Filters>
      {body}
    </Page>
  );
}
