import {
  incidentTextLimits,
  incidentTypes,
  nextIncidentStatuses,
  updateIncident,
  type Incident,
  type IncidentPatch,
} from '@opsdeck/api-client/incidents';
import { useCan } from '@opsdeck/rbac/react';
import { Button, Pencil, Select } from '@opsdeck/ui';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Input as TextInput } from '@opsdeck/ui/forms';
import { IncidentStatusTag, SeverityTag } from '../components/Tags.tsx';
import type { useIncidentWrite } from '../hooks/useIncidentWrite.ts';
import { capitalise, severityOptions, typeLabel } from '../model/status.ts';
import { incidentTestIds } from '../testIds.ts';

const Head = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Id = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

// h2: the shell header's h1 names the page with the same title (usePageTitle).
const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xl};
  overflow-wrap: anywhere;
`;

const Limit = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const TitleForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  flex: 1 1 260px;

  input {
    flex: 1 1 200px;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const ReadOnly = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  font-size: ${({ theme }) => theme.fontSize.sm};

  > span:first-child {
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

type Write = ReturnType<typeof useIncidentWrite>;

/** A stored value the console does not list (`Critical`, `cancelled`) stays choosable as is. */
function withCurrent(
  values: readonly string[],
  current: string | null | undefined,
  label: (v: string) => string,
) {
  const list = current && !values.includes(current) ? [current, ...values] : values;
  return list.map((value) => ({ value, label: label(value) }));
}

function EditableTitle({ incident, write }: { incident: Incident; write: Write }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(incident.title);
  const id = useId();
  if (!editing) {
    return (
      <>
        <Title data-testid={incidentTestIds.incident.title}>{incident.title}</Title>
        <Button
          type="button"
          size="small"
          variant="ghost"
          aria-label="Edit title"
          onClick={() => {
            setDraft(incident.title);
            setEditing(true);
          }}
        >
          <Pencil size={14} aria-hidden="true" />
        </Button>
      </>
    );
  }
  function save(event: FormEvent) {
    event.preventDefault();
    const title = draft.trim();
    if (title === '') return;
    write.mutate((client) => updateIncident(client, incident.id, { title }), {
      onSuccess: () => setEditing(false),
    });
  }
  return (
    <TitleForm onSubmit={save} aria-label="Edit title">
      <TextInput
        id={id}
        aria-label="Title"
        value={draft}
        maxLength={incidentTextLimits.title}
        aria-describedby={`${id}-limit`}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            setEditing(false);
          }
        }}
        autoFocus
      />
      <Button
        type="submit"
        size="small"
        variant="primary"
        disabled={draft.trim() === '' || write.isPending}
      >
        Save
      </Button>
      <Button type="button" size="small" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
      <Limit id={`${id}-limit`}>
        {draft.length} of at most {incidentTextLimits.title} characters
      </Limit>
    </TitleForm>
  );
}

/** The incident's id, title, status, severity and type; editable by those with write on incident. */
export function IncidentHeader({ incident, write }: { incident: Incident; write: Write }) {
  const canWrite = useCan('incident', 'write');
  const patch = (value: IncidentPatch) =>
    write.mutate({ write: (client) => updateIncident(client, incident.id, value), shows: value });
  return (
    <Head>
      <TitleRow>
        {incident.incident_id ? <Id>{incident.incident_id}</Id> : null}
        {canWrite ? (
          <EditableTitle key={incident.title} incident={incident} write={write} />
        ) : (
          <Title data-testid={incidentTestIds.incident.title}>{incident.title}</Title>
        )}
      </TitleRow>
      {canWrite ? (
        <Controls>
          <div data-testid={incidentTestIds.incident.status}>
            <Select
              label="Status"
              options={withCurrent(
                nextIncidentStatuses(incident.status ?? 'open'),
                incident.status,
                capitalise,
              )}
              value={incident.status ?? ''}
              disabled={write.isPending}
              onChange={(status) => status !== incident.status && patch({ status })}
            />
          </div>
          <div data-testid={incidentTestIds.incident.severity}>
            <Select
              label="Severity"
              options={severityOptions(incident.severity)}
              value={incident.severity ?? ''}
              disabled={write.isPending}
              onChange={(severity) => severity !== incident.severity && patch({ severity })}
            />
          </div>
          <Select
            label="Type"
            options={withCurrent(incidentTypes, incident.type, typeLabel)}
            value={incident.type ?? ''}
            disabled={write.isPending}
            onChange={(type) => type !== incident.type && patch({ type })}
          />
        </Controls>
      ) : (
        <Controls>
          <ReadOnly data-testid={incidentTestIds.incident.status}>
            <span>Status</span>
            <IncidentStatusTag status={incident.status} />
          </ReadOnly>
          <ReadOnly data-testid={incidentTestIds.incident.severity}>
            <span>Severity</span>
            <SeverityTag severity={incident.severity} />
          </ReadOnly>
          <ReadOnly>
            <span>Type</span>
            <span>{typeLabel(incident.type)}</span>
          </ReadOnly>
        </Controls>
      )}
    </Head>
  );
}
