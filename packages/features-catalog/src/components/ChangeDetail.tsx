import { configChangeQuery, type CatalogChange } from '@opsdeck/api-client/catalog';
import { useApiClient } from '@opsdeck/api-client/react';
import { ErrorPage, Modal, Moment, SkeletonText } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { parseUnifiedDiff } from '../model/diff.ts';
import { humanize } from '../model/format.ts';
import { catalogTestIds } from '../testIds.ts';
import { configPath } from '../ListPage/ConfigLink.tsx';
import { DiffView } from './DiffView.tsx';
import { Section } from './PageLayout.ts';
import { ChangeSource, TypePath } from './TypePath.tsx';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Details = styled.pre`
  max-height: 40vh;
  margin: 0;
  overflow: auto;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceHover};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/**
 * A change opened from a list: its facts and its diff, read by id since the list carries neither
 * (reference §3). A dialog on ui's overlay stack: Escape closes it and focus returns to the row.
 */
export function ChangeDetail({ change, onClose }: { change: CatalogChange; onClose: () => void }) {
  const client = useApiClient();
  const detail = useQuery(configChangeQuery(client, change.id));
  const hunks = useMemo(() => parseUnifiedDiff(detail.data?.diff), [detail.data?.diff]);
  const details = detail.data?.details;
  return (
    <Modal.Root open onClose={onClose} size="large" data-testid={catalogTestIds.changes.detail}>
      <Modal.Header>
        {humanize(change.change_type) || 'Change'}
        {change.name ? ` on ${change.name}` : ''}
      </Modal.Header>
      <Modal.Body>
        <Section>
          <Facts>
            <dt>Config</dt>
            <dd>
              {change.config_id ? (
                <Link to={configPath(change.config_id)}>{change.name ?? change.config_id}</Link>
              ) : (
                change.name
              )}
            </dd>
            <dt>Type</dt>
            <dd>
              <TypePath type={change.type} />
            </dd>
            <dt>Severity</dt>
            <dd>{change.severity ?? '—'}</dd>
            <dt>Source</dt>
            <dd>{change.source ? <ChangeSource source={change.source} /> : '—'}</dd>
            <dt>When</dt>
            <dd>
              <Moment value={change.created_at} fallback="—" />
            </dd>
            {change.count && change.count > 1 ? (
              <>
                <dt>Seen</dt>
                <dd>
                  {change.count} times since <Moment value={change.first_observed} />
                </dd>
              </>
            ) : null}
            <dt>By</dt>
            <dd>{change.external_created_by ?? change.created_by ?? '—'}</dd>
            {change.summary ? (
              <>
                <dt>Summary</dt>
                <dd>{change.summary}</dd>
              </>
            ) : null}
          </Facts>
          <h2>Diff</h2>
          {detail.isPending ? (
            <SkeletonText label="Loading the diff" />
          ) : detail.isError ? (
            <ErrorPage error={detail.error} />
          ) : (
            <DiffView hunks={hunks} label="Diff of the change" />
          )}
          {details && typeof details === 'object' && Object.keys(details).length > 0 ? (
            <>
              <h2>Details</h2>
              <Details tabIndex={0} aria-label="Details of the change">
                {JSON.stringify(details, null, 2)}
              </Details>
            </>
          ) : null}
        </Section>
      </Modal.Body>
    </Modal.Root>
  );
}
