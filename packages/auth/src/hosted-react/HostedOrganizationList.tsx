import { Button } from '@opsdeck/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AuthCard } from '../react/AuthCard.tsx';
import { testIds } from '../testIds.ts';
import { useHostedSession } from './HostedSession.tsx';
import { useHostedErrorToast } from './useHostedErrorToast.ts';

const Choices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  button {
    width: 100%;
    justify-content: flex-start;
  }
`;

const CreateForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space.md};

  label {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.text};
  }

  input {
    padding: ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The organization list a signed-in user without an active organization sees (§2): choose one,
 * or create one; both go on to /organizations/orgs-switched. Failures become toasts (§8).
 */
export function HostedOrganizationList() {
  const session = useHostedSession();
  const showError = useHostedErrorToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState('');

  const run = async (key: string, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    try {
      await action();
    } catch (error) {
      showError(error);
      setBusy(null);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run('create', () => session.createOrganization(name.trim()));
  };

  return (
    <AuthCard title="Select an organization" testId={testIds.hosted.organizationList}>
      {session.organizations.length === 0 ? (
        <Empty>You are not a member of any organization yet.</Empty>
      ) : null}
      <Choices aria-label="Organizations">
        {session.organizations.map((organization) => (
          <li key={organization.id}>
            <Button
              variant="secondary"
              loading={busy === organization.id}
              disabled={busy !== null && busy !== organization.id}
              onClick={() =>
                void run(organization.id, () => session.switchOrganization(organization.id))
              }
            >
              {organization.name}
            </Button>
          </li>
        ))}
      </Choices>
      <CreateForm onSubmit={create}>
        <label htmlFor="hosted-organization-name">New organization name</label>
        <input
          id="hosted-organization-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="organization"
        />
        <Button
          type="submit"
          loading={busy === 'create'}
          disabled={busy !== null && busy !== 'create'}
        >
          Create organization
        </Button>
      </CreateForm>
    </AuthCard>
  );
}
