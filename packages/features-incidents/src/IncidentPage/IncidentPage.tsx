import { usePageTitle } from '@opsdeck/extensions/react';
import { isNotFoundError } from '@opsdeck/api-client';
import { ErrorPage, NotFoundPage, SkeletonPage } from '@opsdeck/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { useEvidenceSubjects, useIncident } from '../hooks/incidentQueries.ts';
import { useIncidentWrite } from '../hooks/useIncidentWrite.ts';
import { incidentTestIds } from '../testIds.ts';
import { Hypotheses } from './Hypotheses.tsx';
import { IncidentHeader } from './IncidentHeader.tsx';
import { People } from './People.tsx';
import { Timeline } from './Timeline.tsx';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.sm};
  }
`;

// The hypotheses beside people and the timeline on a wide page; one column below the sidebar breakpoint.
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(260px, 360px);
  align-items: start;
  gap: ${({ theme }) => theme.space.lg};

  @media ${({ theme }) => theme.media.belowSidebar} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel aria-label={title}>
      <h2>{title}</h2>
      {children}
    </Panel>
  );
}

/** `/incidents/:id` (console §2): the incident, its people, hypotheses with evidence, and its timeline. */
export function IncidentPage() {
  const { id = '' } = useParams();
  const incident = useIncident(id);
  const subjects = useEvidenceSubjects(id, incident.data);
  const write = useIncidentWrite(id);
  usePageTitle(incident.data?.title);

  if (!incident.data) {
    return (
      <Page data-testid={incidentTestIds.incident.root}>
        {incident.isPending ? (
          <SkeletonPage label="Loading the incident" />
        ) : incident.isError && !isNotFoundError(incident.error) ? (
          <ErrorPage error={incident.error} />
        ) : (
          <NotFoundPage what="incident" back={<Link to="/incidents">All incidents</Link>} />
        )}
      </Page>
    );
  }
  const data = incident.data;
  return (
    <Page data-testid={incidentTestIds.incident.root}>
      <IncidentHeader incident={data} write={write} />
      <Layout>
        <Column>
          <Section title="Hypotheses">
            <Hypotheses incident={data} subjects={subjects.data} write={write} />
          </Section>
        </Column>
        <Column>
          <Section title="People">
            <People incident={data} write={write} />
          </Section>
          <Section title="Timeline">
            <Timeline incidentId={id} />
          </Section>
        </Column>
      </Layout>
    </Page>
  );
}
