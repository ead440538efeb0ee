import {
  addResponder,
  removeResponder,
  type Incident,
  type Person,
} from '@opsdeck/api-client/incidents';
import { peopleQuery, teamsQuery } from '@opsdeck/api-client/people';
import { useApiClient } from '@opsdeck/api-client/react';
import { useCan } from '@opsdeck/rbac/react';
import { Avatar, Button, IconButton, Select, X } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { useIncidentResponders } from '../hooks/incidentQueries.ts';
import type { useIncidentWrite } from '../hooks/useIncidentWrite.ts';
import { incidentTestIds } from '../testIds.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Who = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  overflow-wrap: anywhere;
`;

const Responders = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Add = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function asPerson(value: Incident['commander_id']): Person | undefined {
  return value && typeof value === 'object' ? value : undefined;
}

function PersonName({ person }: { person: Person | null | undefined }) {
  if (!person) return <Muted>Nobody</Muted>;
  const name = person.name ?? person.email ?? person.id;
  return (
    <Who>
      <Avatar name={name} src={person.avatar ?? undefined} size={20} />
      {name}
    </Who>
  );
}

function AddResponder({ incidentId, write }: { incidentId: string; write: Write }) {
  const client = useApiClient();
  const people = useQuery(peopleQuery(client));
  const teams = useQuery(teamsQuery(client));
  const [choice, setChoice] = useState('');
  const options = [
    ...(people.data ?? []).map((person) => ({ value: `person:${person.id}`, label: person.name })),
    ...(teams.data ?? []).map((team) => ({
      value: `team:${team.id}`,
      label: `${team.name} (team)`,
    })),
  ];
  const [kind, id] = choice.split(':');
  return (
    <Add>
      <Select
        label="Add responder"
        options={options}
        value={choice}
        placeholder="A person or team…"
        onChange={setChoice}
      />
      <Button
        type="button"
        size="small"
        variant="secondary"
        disabled={!id || write.isPending}
        onClick={() =>
          write.mutate(
            (c, userId) =>
              addResponder(c, {
                incidentId,
                userId,
                ...(kind === 'team' ? { teamId: id! } : { personId: id! }),
              }),
            { onSuccess: () => setChoice('') },
          )
        }
      >
        Add
      </Button>
    </Add>
  );
}

type Write = ReturnType<typeof useIncidentWrite>;

/** Commander, communicator and responders (people and teams), added and removed by writers. */
export function People({ incident, write }: { incident: Incident; write: Write }) {
  const responders = useIncidentResponders(incident.id);
  const canWrite = useCan('responder', 'write');
  const commander = incident.commander ?? asPerson(incident.commander_id);
  return (
    <>
      <List data-testid={incidentTestIds.incident.people}>
        <dt>Commander</dt>
        <dd>
          <PersonName person={commander} />
        </dd>
        <dt>Communicator</dt>
        <dd>
          <PersonName person={asPerson(incident.communicator_id)} />
        </dd>
      </List>
      <Responders aria-label="Responders" data-testid={incidentTestIds.incident.responders}>
        {responders.isError ? <li role="alert">Could not load the responders</li> : null}
        {responders.data?.length === 0 ? (
          <li>
            <Muted>No responders yet</Muted>
          </li>
        ) : null}
        {(responders.data ?? []).map((responder) => {
          const name =
            responder.person?.name ?? (responder.team ? `${responder.team.name ?? ''} (team)` : '');
          return (
            <li key={responder.id}>
              <Who>
                <Avatar name={name} src={responder.person?.avatar ?? undefined} size={20} />
                {name || responder.type}
              </Who>
              {canWrite ? (
                <IconButton
                  label={`Remove ${name}`}
                  icon={<X size={14} />}
                  onClick={() => write.mutate((client) => removeResponder(client, responder.id))}
                />
              ) : null}
            </li>
          );
        })}
      </Responders>
      {canWrite ? <AddResponder incidentId={incident.id} write={write} /> : null}
    </>
  );
}
