import type { UiNode, UiText } from '@ory/client-fetch';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { FlowNode } from './FlowNode.tsx';
import {
  groupRuns,
  initialValues,
  isSubmitNode,
  nodeKey,
  nodesForGroups,
  submissionBody,
  type FlowValues,
} from './nodes.ts';
import { useFlowComponents } from './registry.tsx';

export interface FlowLike {
  id: string;
  ui: { nodes: UiNode[]; messages?: UiText[] };
}

export interface FlowFormProps {
  flow: FlowLike;
  onSubmit(body: Record<string, unknown>): void;
  /** Only these node groups (plus `default`); all when omitted. */
  groups?: readonly string[];
  busy?: boolean;
  /** Show the flow's own messages above the form (pages showing them elsewhere turn this off). */
  showMessages?: boolean;
  'aria-label'?: string;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A flow's nodes as one form: values start from the server and reset whenever it answers. */
export function FlowForm({
  flow,
  onSubmit,
  groups,
  busy = false,
  showMessages = true,
  ...rest
}: FlowFormProps) {
  const components = useFlowComponents();
  const prefix = useId();
  const nodes = nodesForGroups(flow.ui.nodes, groups);
  const [values, setValues] = useState<FlowValues>(() => initialValues(nodes));
  const submitter = useRef<UiNode | undefined>(undefined);
  const ui = flow.ui;
  useEffect(() => {
    setValues(initialValues(nodesForGroups(ui.nodes, groups)));
    // Groups come from the page and do not change while it shows one flow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ui]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pressed = submitter.current ?? nodes.find(isSubmitNode);
    submitter.current = undefined;
    onSubmit(submissionBody(values, pressed));
  };

  return (
    <Form
      noValidate
      onSubmit={handleSubmit}
      data-testid={testIds.flow.form}
      aria-label={rest['aria-label']}
      aria-busy={busy || undefined}
    >
      {showMessages && <components.Messages messages={ui.messages ?? []} />}
      {groupRuns(nodes).map((run, runIndex) => (
        <Group
          key={`${run.group}-${runIndex}`}
          data-group={run.group}
          data-testid={testIds.flow.group}
        >
          {run.nodes.map((node) => {
            const index = flow.ui.nodes.indexOf(node);
            const name = (node.attributes as { name?: string }).name;
            return (
              <FlowNode
                key={nodeKey(node, index)}
                node={node}
                id={`${prefix}-${index}`}
                value={name !== undefined ? values[name] : undefined}
                busy={busy}
                onChange={(field, value) =>
                  setValues((current) => ({ ...current, [field]: value }))
                }
                onPress={(pressed) => (submitter.current = pressed)}
              />
            );
          })}
        </Group>
      ))}
    </Form>
  );
}
