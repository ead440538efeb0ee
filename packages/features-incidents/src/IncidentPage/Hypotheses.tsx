import {
  addComment,
  childHypothesisType,
  createHypothesis,
  defaultHypothesisStatus,
  deleteHypothesis,
  hypothesisStatuses,
  incidentTextLimits,
  updateHypothesis,
  type Comment,
  type EvidenceSubjects,
  type Incident,
} from '@opsdeck/api-client/incidents';
import { useCan } from '@opsdeck/rbac/react';
import { Badge, Button, ConfirmDialog, Moment, Select } from '@opsdeck/ui';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { HypothesisStatusTag } from '../components/Tags.tsx';
import type { useIncidentWrite } from '../hooks/useIncidentWrite.ts';
import { buildHypothesisTree, type HypothesisNode } from '../model/hypothesisTree.ts';
import { capitalise } from '../model/status.ts';
import { incidentTestIds } from '../testIds.ts';
import { EvidenceCard } from './EvidenceCard.tsx';
import { InlineTextForm } from './InlineTextForm.tsx';

type Write = ReturnType<typeof useIncidentWrite>;

const Tree = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  & & {
    margin-top: ${({ theme }) => theme.space.sm};
    padding-left: ${({ theme }) => theme.space.md};
    border-left: 2px solid ${({ theme }) => theme.colors.border};
  }
`;

const Node = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const NodeHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const NodeTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-left: auto;
`;

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Comments = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function authorOf(comment: Comment): string {
  const by = comment.created_by;
  if (by && typeof by === 'object') return by.name ?? by.email ?? 'Someone';
  return comment.external_created_by ?? 'Someone';
}

interface NodeProps {
  node: HypothesisNode;
  incidentId: string;
  subjects: EvidenceSubjects | undefined;
  write: Write;
}

function HypothesisItem({ node, incidentId, subjects, write }: NodeProps) {
  const { hypothesis } = node;
  const canWrite = useCan('incident', 'write');
  const canComment = useCan('comments', 'write');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const stopEditing = () => {
    setEditing(false);
    // Back where the keyboard user started, once the button is drawn again.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const childType = childHypothesisType(hypothesis.type ?? '');
  const title = hypothesis.title || 'Untitled hypothesis';
  return (
    <Node data-testid={incidentTestIds.incident.hypothesis} aria-label={`Hypothesis ${title}`}>
      <NodeHead>
        <Badge size="small">{capitalise(hypothesis.type ?? 'root')}</Badge>
        {editing ? (
          <InlineTextForm
            label={`Title of ${title}`}
            submitLabel="Save title"
            busy={write.isPending}
            focusOnOpen
            initialValue={hypothesis.title ?? ''}
            maxLength={incidentTextLimits.hypothesisTitle}
            onCancel={stopEditing}
            onSubmit={async (text) => {
              await write.mutateAsync((client) =>
                updateHypothesis(client, hypothesis.id, { title: text }),
              );
              stopEditing();
            }}
          />
        ) : (
          <NodeTitle>{title}</NodeTitle>
        )}
        {canWrite ? (
          <Select
            label={`Status of ${title}`}
            hideLabel
            options={hypothesisStatuses.map((value) => ({ value, label: capitalise(value) }))}
            value={hypothesis.status ?? ''}
            disabled={write.isPending}
            onChange={(status) =>
              write.mutate((client) => updateHypothesis(client, hypothesis.id, { status }))
            }
          />
        ) : (
          <HypothesisStatusTag status={hypothesis.status} />
        )}
        {canWrite ? (
          <Actions>
            {editing ? null : (
              <Button
                ref={editButton}
                type="button"
                size="small"
                variant="ghost"
                aria-label={`Edit title of ${title}`}
                onClick={() => setEditing(true)}
              >
                Edit title
              </Button>
            )}
            {childType ? (
              <Button type="button" size="small" variant="ghost" onClick={() => setAdding(true)}>
                Add {childType}
              </Button>
            ) : null}
            <Button type="button" size="small" variant="ghost" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Actions>
        ) : null}
      </NodeHead>
      {hypothesis.evidences.length > 0 ? (
        <Cards aria-label={`Evidence for ${title}`}>
          {hypothesis.evidences.map((evidence) => (
            <EvidenceCard key={evidence.id} evidence={evidence} subjects={subjects} write={write} />
          ))}
        </Cards>
      ) : (
        <Muted>No evidence yet</Muted>
      )}
      <Comments aria-label={`Comments on ${title}`} data-testid={incidentTestIds.incident.comments}>
        {hypothesis.comments.map((comment) => (
          <li key={comment.id}>
            <strong>{authorOf(comment)}</strong>{' '}
            <Muted>
              <Moment value={comment.created_at} />
            </Muted>{' '}
            {comment.comment}
          </li>
        ))}
      </Comments>
      {canComment ? (
        <InlineTextForm
          label={`Comment on ${title}`}
          submitLabel="Comment"
          busy={write.isPending}
          maxLength={incidentTextLimits.comment}
          onSubmit={(comment) =>
            write.mutateAsync((client, userId) =>
              addComment(client, { incidentId, hypothesisId: hypothesis.id, comment, userId }),
            )
          }
        />
      ) : null}
      {adding && childType ? (
        <InlineTextForm
          label={`New ${childType} under ${title}`}
          submitLabel={`Save ${childType}`}
          busy={write.isPending}
          maxLength={incidentTextLimits.hypothesisTitle}
          focusOnOpen
          onCancel={() => setAdding(false)}
          onSubmit={async (text) => {
            await write.mutateAsync((client, userId) =>
              createHypothesis(client, {
                incidentId,
                title: text,
                type: childType,
                status: defaultHypothesisStatus,
                parentId: hypothesis.id,
                userId,
              }),
            );
            setAdding(false);
          }}
        />
      ) : null}
      {node.children.length > 0 ? (
        <Tree>
          {node.children.map((child) => (
            <HypothesisItem
              key={child.hypothesis.id}
              node={child}
              incidentId={incidentId}
              subjects={subjects}
              write={write}
            />
          ))}
        </Tree>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Delete hypothesis"
        description={`Delete "${title}" with its comments and evidence?`}
        loading={write.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          write.mutate((client) => deleteHypothesis(client, hypothesis.id), {
            onSettled: () => setDeleting(false),
          });
        }}
      />
    </Node>
  );
}

/** The hypothesis tree (root → factor → solution) with each one's evidence and comments. */
export function Hypotheses({
  incident,
  subjects,
  write,
}: {
  incident: Incident;
  subjects: EvidenceSubjects | undefined;
  write: Write;
}) {
  const canWrite = useCan('incident', 'write');
  const tree = buildHypothesisTree(incident.hypotheses);
  return (
    <>
      {tree.length > 0 ? (
        <Tree data-testid={incidentTestIds.incident.hypotheses}>
          {tree.map((node) => (
            <HypothesisItem
              key={node.hypothesis.id}
              node={node}
              incidentId={incident.id}
              subjects={subjects}
              write={write}
            />
          ))}
        </Tree>
      ) : (
        <Muted>No hypotheses yet</Muted>
      )}
      {canWrite ? (
        <InlineTextForm
          label="New root hypothesis"
          submitLabel="Add hypothesis"
          busy={write.isPending}
          maxLength={incidentTextLimits.hypothesisTitle}
          onSubmit={(title) =>
            write.mutateAsync((client, userId) =>
              createHypothesis(client, {
                incidentId: incident.id,
                title,
                type: 'root',
                status: defaultHypothesisStatus,
                userId,
              }),
            )
          }
        />
      ) : null}
    </>
  );
}
