import { checkModalSearch } from '@opsdeck/features-health/slots';
import {
  updateEvidence,
  type Evidence,
  type EvidenceSubjects,
} from '@opsdeck/api-client/incidents';
import { useRouteLink } from '@opsdeck/extensions/react';
import { useCan } from '@opsdeck/rbac/react';
import { Button, StatusDot } from '@opsdeck/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { useIncidentWrite } from '../hooks/useIncidentWrite.ts';
import { typeLabel } from '../model/status.ts';
import { incidentExternalRoutes } from '../routes.ts';
import { incidentTestIds } from '../testIds.ts';

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Kind = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const Description = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Diff = styled.pre`
  margin: 0;
  max-height: 200px;
  overflow: auto;
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.background};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Done = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function evidenceKind(evidence: Evidence): string {
  if (evidence.check_id) return 'Check';
  if (evidence.config_change_id) return 'Config change';
  if (evidence.config_analysis_id) return 'Insight';
  if (evidence.config_id) return 'Config';
  if (evidence.component_id) return 'Component';
  return typeLabel(evidence.type) || 'Evidence';
}

/** What the evidence points at, linked into its feature when the app binds one. */
function SubjectLine({
  evidence,
  subjects,
}: {
  evidence: Evidence;
  subjects: EvidenceSubjects | undefined;
}) {
  const toHealth = useRouteLink(incidentExternalRoutes.healthPage);
  const toComponent = useRouteLink(incidentExternalRoutes.componentPage);
  const toConfig = useRouteLink(incidentExternalRoutes.configPage);
  if (evidence.check_id) {
    const check = subjects?.checks.get(evidence.check_id);
    const name = check?.name ?? evidence.check_id;
    return (
      <>
        <StatusDot status={check?.status} label={`Health: ${check?.status ?? 'unknown'}`} />
        {toHealth ? (
          <Link to={toHealth({}, checkModalSearch(evidence.check_id))}>{name}</Link>
        ) : (
          <span>{name}</span>
        )}
        <span>{check?.status ?? ''}</span>
      </>
    );
  }
  if (evidence.config_id) {
    const config = subjects?.configs.get(evidence.config_id);
    const name = config?.name ?? evidence.config_id;
    return (
      <>
        {config?.health ? (
          <StatusDot status={config.health} label={`Health: ${config.health}`} />
        ) : null}
        {toConfig ? (
          <Link to={toConfig({ id: evidence.config_id })}>{name}</Link>
        ) : (
          <span>{name}</span>
        )}
      </>
    );
  }
  if (evidence.component_id) {
    const component = subjects?.components.get(evidence.component_id);
    const name = component?.name ?? evidence.component_id;
    const state = component?.health ?? component?.status;
    return (
      <>
        {state ? <StatusDot status={state} label={`Health: ${state}`} /> : null}
        {toComponent ? (
          <Link to={toComponent({ id: evidence.component_id })}>{name}</Link>
        ) : (
          <span>{name}</span>
        )}
      </>
    );
  }
  return null;
}

/**
 * One piece of evidence: what it points at (a check with its health, a config, a config change
 * with its diff, a component), its description, and the definition of done with its toggle.
 */
export function EvidenceCard({
  evidence,
  subjects,
  write,
}: {
  evidence: Evidence;
  subjects: EvidenceSubjects | undefined;
  write: ReturnType<typeof useIncidentWrite>;
}) {
  const canWrite = useCan('evidences', 'write');
  const doneId = useId();
  const change = evidence.config_change_id
    ? subjects?.configChanges.get(evidence.config_change_id)
    : undefined;
  return (
    <Card data-testid={incidentTestIds.incident.evidence}>
      <Head>
        <Kind>{evidenceKind(evidence)}</Kind>
        <SubjectLine evidence={evidence} subjects={subjects} />
      </Head>
      {evidence.description ? <Description>{evidence.description}</Description> : null}
      {change ? (
        <>
          <Description>
            {change.change_type}
            {change.summary ? `: ${change.summary}` : ''}
          </Description>
          {change.diff ? <Diff aria-label="Change diff">{change.diff}</Diff> : null}
        </>
      ) : null}
      {evidence.definition_of_done ? (
        <Done>
          <input
            id={doneId}
            type="checkbox"
            checked={evidence.done === true}
            disabled={!canWrite || write.isPending}
            onChange={(event) => {
              const done = event.target.checked;
              write.mutate((client) => updateEvidence(client, evidence.id, { done }));
            }}
          />
          <label htmlFor={doneId}>Definition of done: {evidence.done ? 'done' : 'not done'}</label>
        </Done>
      ) : canWrite ? (
        <div>
          <Button
            type="button"
            size="small"
            variant="ghost"
            disabled={write.isPending}
            onClick={() =>
              write.mutate((client) =>
                updateEvidence(client, evidence.id, { definition_of_done: true }),
              )
            }
          >
            Add to definition of done
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
