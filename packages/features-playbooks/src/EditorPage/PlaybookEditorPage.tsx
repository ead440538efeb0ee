import { isNotFoundError } from '@opsdeck/api-client';
import {
  createPlaybook,
  playbookKeys,
  playbookQuery,
  updatePlaybook,
} from '@opsdeck/api-client/playbooks';
import { useApiClient } from '@opsdeck/api-client/react';
import { usePageTitle } from '@opsdeck/extensions/react';
import { useCan } from '@opsdeck/rbac/react';
import {
  Button,
  ErrorPage,
  NotFoundPage,
  PageActions,
  PageLayout as Page,
  SkeletonPage,
  useToast,
} from '@opsdeck/ui';
import { CodeEditor } from '@opsdeck/ui/code-editor';
import { isDns1123 } from '@opsdeck/ui/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import { playbookTitle } from '../model/playbooks.ts';
import { checkSpecText, columnsFromSpec, specProblems, specText } from '../model/specDocument.ts';
import { playbooksTestIds } from '../testIds.ts';

const NameRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 420px;
  font-size: ${({ theme }) => theme.fontSize.sm};

  input {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Problems = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const NAME_MESSAGE = 'Name must be lowercase letters, digits and hyphens';

// An ApiError's message is the reply's sentence, whichever backend answered.
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function SpecEditor({
  id,
  initialName,
  initialText,
  readOnlyReason,
}: {
  id: string | undefined;
  initialName: string;
  initialText: string;
  readOnlyReason: string | undefined;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const nameId = useId();
  const [name, setName] = useState(initialName);
  const [text, setText] = useState(initialText);
  const check = checkSpecText(text);
  const nameProblem = id === undefined && !isDns1123(name) ? NAME_MESSAGE : undefined;
  const save = useMutation({
    mutationFn: async () => {
      if (!check.spec) throw new Error('The spec does not parse');
      const columns = columnsFromSpec(check.spec);
      if (id === undefined) return createPlaybook(client, { name, ...columns, spec: check.spec });
      await updatePlaybook(client, id, { ...columns, spec: check.spec });
      return undefined;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: playbookKeys.all() });
      toast.success('Playbook saved');
      void navigate('/playbooks');
    },
    onError: (error) => toast.error(messageOf(error)),
    // This toast says it; the console's own for every failed call would say it twice.
    meta: { toast: false },
  });
  const readOnly = readOnlyReason !== undefined;
  return (
    <>
      <NameRow>
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          value={name}
          readOnly={id !== undefined}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? `${nameId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameProblem && name !== '' && (
          <Problems as="p" id={`${nameId}-error`}>
            {nameProblem}
          </Problems>
        )}
      </NameRow>
      {readOnlyReason && <Note>{readOnlyReason}</Note>}
      <CodeEditor
        label="Playbook spec"
        language="yaml"
        value={text}
        onChange={setText}
        readOnly={readOnly}
        height="min(640px, 70vh)"
        validate={specProblems}
      />
      {check.problems.length > 0 && (
        <Problems aria-label="Spec problems">
          {check.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </Problems>
      )}
      {!readOnly && (
        <PageActions>
          <Button
            variant="primary"
            disabled={save.isPending || check.problems.length > 0 || nameProblem !== undefined}
            onClick={() => save.mutate()}
          >
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Link to="/playbooks">Cancel</Link>
        </PageActions>
      )}
    </>
  );
}

/** `/playbooks/new` and `/playbooks/:id`: the spec in the YAML editor, checked as it is typed. */
export function PlaybookEditorPage() {
  const { id } = useParams();
  const client = useApiClient();
  const canEdit = useCan('playbooks', 'write');
  const playbook = useQuery({ ...playbookQuery(client, id ?? ''), enabled: id !== undefined });
  const title =
    id === undefined ? 'New playbook' : playbook.data ? playbookTitle(playbook.data) : 'Playbook';
  usePageTitle(title);
  if (id !== undefined && playbook.isPending) return <SkeletonPage label="Loading playbook" />;
  if (id !== undefined && playbook.isError && !isNotFoundError(playbook.error))
    return <ErrorPage error={playbook.error} />;
  const record = playbook.data;
  if (id !== undefined && !record)
    return <NotFoundPage what="playbook" back={<Link to="/playbooks">All playbooks</Link>} />;
  // Reference §2: rows not created through the API (GitOps, CRDs) cannot be modified here.
  const readOnlyReason = !canEdit
    ? 'You can read this playbook but not change it.'
    : record?.source && record.source !== 'UI'
      ? `This playbook comes from ${record.source} and cannot be modified here.`
      : undefined;
  return (
    <Page data-testid={playbooksTestIds.editor.root}>
      <PageActions>
        <Link to="/playbooks">Playbooks</Link>
      </PageActions>
      <SpecEditor
        key={record?.id ?? 'new'}
        id={id}
        initialName={record?.name ?? ''}
        initialText={specText(record)}
        readOnlyReason={readOnlyReason}
      />
    </Page>
  );
}
