import { Moment } from '@opsdeck/ui';
import styled from 'styled-components';
import { useIncidentTimeline } from '../hooks/incidentQueries.ts';
import { incidentTestIds } from '../testIds.ts';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: grid;
    grid-template-columns: minmax(56px, auto) minmax(0, 1fr);
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.xs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
`;

const When = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** The incident's story, newest first (useIncidentTimeline says where its entries come from). */
export function Timeline({ incidentId }: { incidentId: string }) {
  const { entries, isPending, error } = useIncidentTimeline(incidentId);
  if (isPending) return <Muted>Loading the timeline…</Muted>;
  if (error && entries.length === 0) return <Muted role="alert">Could not load the timeline</Muted>;
  if (entries.length === 0) return <Muted>Nothing has happened yet</Muted>;
  return (
    <List aria-label="Timeline" data-testid={incidentTestIds.incident.timeline}>
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-testid={incidentTestIds.incident.timelineEntry}
          data-kind={entry.kind}
        >
          <When>
            <Moment value={entry.at} />
          </When>
          <span>
            {entry.actor ? <strong>{entry.actor} </strong> : null}
            {entry.text}
          </span>
        </li>
      ))}
    </List>
  );
}
