import { isNotFoundError } from '@opsdeck/api-client';
import {
  notificationRuleQuery,
  notificationSendQuery,
  sendRecipientQuery,
  type NotificationSend,
} from '@opsdeck/api-client/notifications';
import { useApiClient } from '@opsdeck/api-client/react';
import { EmptyState, Modal, Moment, SkeletonPage } from '@opsdeck/ui';
import { useRouteLink } from '@opsdeck/extensions/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ResourceLink } from '../components/ResourceLink.tsx';
import { readableReason } from '../model/sends.ts';
import { SendStatusBadge } from '../components/SendStatusBadge.tsx';
import { ruleLabel } from '../model/rules.ts';
import { sendResourceName } from '../model/sends.ts';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Body = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

function Rule({ id }: { id: string | null | undefined }) {
  const client = useApiClient();
  const rule = useQuery({ ...notificationRuleQuery(client, id ?? ''), enabled: Boolean(id) });
  if (!id) return <>—</>;
  if (rule.isPending) return <>…</>;
  return <>{rule.data ? ruleLabel(rule.data) : id}</>;
}

function Recipient({ send }: { send: NotificationSend }) {
  const client = useApiClient();
  const named = Boolean(send.person_id || send.team_id || send.connection_id);
  const recipient = useQuery({ ...sendRecipientQuery(client, send), enabled: named });
  if (!named) return <>—</>;
  if (recipient.isPending) return <>…</>;
  const data = recipient.data;
  if (!data) return <>{send.person_id ?? send.connection_id ?? send.team_id}</>;
  return (
    <>
      {data.name}
      {data.detail ? ` (${data.detail})` : ''}
    </>
  );
}

const silenceable = new Set(['config', 'component', 'check']);

/** 'Silence' this send's resource: the add-silence form with it picked (left out without access). */
function SilenceLink({ send }: { send: NotificationSend }) {
  const toAdd = useRouteLink(notificationsRoutes.addSilence);
  if (!toAdd || !send.resource_id || !silenceable.has(send.resource_kind ?? '')) return null;
  return (
    <Link
      to={toAdd(
        {},
        {
          resource: `${send.resource_kind}:${send.resource_id}`,
          resourceName: sendResourceName(send),
        },
      )}
    >
      Silence
    </Link>
  );
}

function SendFacts({ send }: { send: NotificationSend }) {
  return (
    <>
      <SilenceLink send={send} />
      <Facts>
        <dt>Status</dt>
        <dd>
          <SendStatusBadge status={send.status} />
        </dd>
        <dt>Rule</dt>
        <dd>
          <Rule id={send.notification_id} />
        </dd>
        <dt>Event</dt>
        <dd>{send.source_event ?? '—'}</dd>
        <dt>Resource</dt>
        <dd>
          {send.resource_id ? (
            <ResourceLink
              kind={send.resource_kind}
              id={send.resource_id}
              name={sendResourceName(send)}
            />
          ) : (
            '—'
          )}
          {send.resource_type ? ` · ${send.resource_type}` : ''}
        </dd>
        <dt>Recipient</dt>
        <dd>
          <Recipient send={send} />
        </dd>
        <dt>Created</dt>
        <dd>
          <Moment value={send.created_at ?? null} fallback="—" />
        </dd>
        {send.reason ? (
          <>
            <dt>Reason</dt>
            <dd>{readableReason(send.reason)}</dd>
          </>
        ) : null}
      </Facts>
      {send.error ? (
        <section aria-label="Error">
          <h3>Error</h3>
          <ErrorText>{send.error}</ErrorText>
        </section>
      ) : null}
      <section aria-label="Message">
        <h3>Message</h3>
        {send.body ? <Body>{send.body}</Body> : <EmptyState kind="details" />}
      </section>
    </>
  );
}

/** A send opened from the history (`?id=`): rule, resource, recipient, rendered body and error. */
export function SendDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useApiClient();
  const send = useQuery(notificationSendQuery(client, id));
  const notFound = (send.isError && isNotFoundError(send.error)) || (send.isSuccess && !send.data);
  return (
    <Modal.Root
      open
      onClose={onClose}
      size="large"
      data-testid={notificationsTestIds.history.detail}
    >
      <Modal.Header>Notification</Modal.Header>
      <Modal.Body>
        {send.isPending ? (
          <SkeletonPage label="Loading notification" />
        ) : notFound ? (
          <EmptyState kind="details" title="Not found" description="No notification has this id." />
        ) : send.isError ? (
          <ErrorText role="alert">{send.error.message}</ErrorText>
        ) : send.data ? (
          <SendFacts send={send.data} />
        ) : null}
      </Modal.Body>
    </Modal.Root>
  );
}
