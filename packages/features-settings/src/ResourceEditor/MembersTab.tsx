import { peopleQuery } from '@opsdeck/api-client/people';
import { useApiClient } from '@opsdeck/api-client/react';
import {
  addTeamMembers,
  removeTeamMember,
  settingsKeys,
  teamMembersQuery,
  type TeamMember,
} from '@opsdeck/api-client/settings';
import { useCan } from '@opsdeck/rbac/react';
import {
  Button,
  EllipsisVertical,
  DropdownMenu,
  EmptyState,
  ErrorPage,
  Modal,
  MultiSelect,
  SkeletonPage,
  useToast,
} from '@opsdeck/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Actions } from '../components/PageLayout.ts';
import { settingsTestIds } from '../testIds.ts';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Who = styled.span`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}

/** 'Add users to the team': a multi-select of the people not in it yet (settings §2). */
function AddMembersModal({
  teamId,
  members,
  onClose,
}: {
  teamId: string;
  members: readonly TeamMember[];
  onClose: () => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const people = useQuery(peopleQuery(client));
  const [chosen, setChosen] = useState<string[]>([]);
  const inTeam = new Set(members.map((member) => member.id));
  const options = (people.data ?? [])
    .filter((person) => !inTeam.has(person.id))
    .map((person) => ({
      value: person.id,
      label: person.email ? `${person.name} (${person.email})` : person.name,
    }));
  const add = useMutation({
    mutationFn: () => addTeamMembers(client, teamId, chosen),
    onSuccess: async () => {
      const names = (people.data ?? [])
        .filter((person) => chosen.includes(person.id))
        .map((person) => person.name)
        .join(', ');
      toast.success(`${names} added to the team successfully`);
      // settings §8: the members are reloaded after an add.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.members(teamId) });
      onClose();
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  return (
    <Modal.Root open onClose={onClose} size="small">
      <Modal.Header>Add users to the team</Modal.Header>
      <Modal.Body>
        <MultiSelect
          label="Users"
          options={options}
          value={chosen}
          onChange={setChosen}
          selectAllLabel={null}
          placeholder="Pick users…"
        />
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="primary"
          disabled={chosen.length === 0}
          loading={add.isPending}
          onClick={() => add.mutate()}
        >
          Add
        </Button>
      </Modal.Footer>
    </Modal.Root>
  );
}

/** A team's members, with Add Members and 'Remove user' for writers (settings §2, §8). */
export function MembersTab({ teamId }: { teamId: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const canWrite = useCan('auth', 'write');
  const members = useQuery(teamMembersQuery(client, teamId));
  const [adding, setAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (member: TeamMember) => removeTeamMember(client, teamId, member.id),
    onSuccess: async (_result, member) => {
      toast.success(`${member.name} removed from team successfully`);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.members(teamId) });
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  if (members.isPending) return <SkeletonPage />;
  if (members.isError) return <ErrorPage error={members.error} />;
  return (
    <section aria-label="Members" data-testid={settingsTestIds.members}>
      {canWrite && (
        <Actions>
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add Members
          </Button>
        </Actions>
      )}
      {members.data.length === 0 ? (
        <EmptyState
          title="Add team members"
          description="You haven't added any team members to the team yet."
        />
      ) : (
        <List>
          {members.data.map((member) => (
            <Row key={member.id}>
              <Who>
                <span>{member.name}</span>
                {member.email && <small>{member.email}</small>}
              </Who>
              {canWrite && (
                <DropdownMenu
                  label={`Actions for ${member.name}`}
                  icon={<EllipsisVertical size={16} />}
                  variant="ghost"
                  align="end"
                  items={[
                    {
                      id: 'remove',
                      label: 'Remove user',
                      danger: true,
                      onSelect: () => remove.mutate(member),
                    },
                  ]}
                />
              )}
            </Row>
          ))}
        </List>
      )}
      {adding && (
        <AddMembersModal teamId={teamId} members={members.data} onClose={() => setAdding(false)} />
      )}
    </section>
  );
}
