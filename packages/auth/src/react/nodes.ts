import type { UiNode, UiText } from '@ory/client-fetch';

// Plain helpers over Kratos's ui.nodes: naming, grouping, form values and the submitted body.

export type FlowValues = Record<string, string | boolean>;

interface NamedAttributes {
  name?: string;
  type?: string;
  value?: unknown;
  id?: string;
}

export function nodeAttributes(node: UiNode): NamedAttributes & { node_type: string } {
  return node.attributes as NamedAttributes & { node_type: string };
}

export function isSubmitNode(node: UiNode): boolean {
  const attributes = nodeAttributes(node);
  return (
    attributes.node_type === 'input' &&
    (attributes.type === 'submit' || attributes.type === 'button')
  );
}

/** A stable key: inputs by name and value (several submits share `method`), others by id. */
export function nodeKey(node: UiNode, index: number): string {
  const attributes = nodeAttributes(node);
  return `${node.group}:${attributes.name ?? attributes.id ?? attributes.node_type}:${isSubmitNode(node) ? String(attributes.value) : ''}:${index}`;
}

export function nodeLabel(node: UiNode): UiText | undefined {
  return node.meta?.label;
}

/** The form's starting values: every non-button input, as the server filled it in. */
export function initialValues(nodes: readonly UiNode[]): FlowValues {
  const values: FlowValues = {};
  for (const node of nodes) {
    const attributes = nodeAttributes(node);
    if (attributes.node_type !== 'input' || isSubmitNode(node) || !attributes.name) continue;
    if (attributes.type === 'checkbox')
      values[attributes.name] = attributes.value === true || attributes.value === 'true';
    else if (!(attributes.name in values))
      values[attributes.name] = attributes.value == null ? '' : String(attributes.value);
  }
  return values;
}

/** Nodes of the given groups plus `default` (csrf_token and shared fields), in server order. */
export function nodesForGroups(nodes: readonly UiNode[], groups?: readonly string[]): UiNode[] {
  if (!groups) return [...nodes];
  return nodes.filter((node) => node.group === 'default' || groups.includes(node.group));
}

/** Consecutive nodes of one group, so each group renders as its own section. */
export function groupRuns(nodes: readonly UiNode[]): { group: string; nodes: UiNode[] }[] {
  const runs: { group: string; nodes: UiNode[] }[] = [];
  for (const node of nodes) {
    const last = runs[runs.length - 1];
    if (last && last.group === node.group) last.nodes.push(node);
    else runs.push({ group: node.group, nodes: [node] });
  }
  return runs;
}

export function flowHasGroup(flow: { ui: { nodes: readonly UiNode[] } }, group: string): boolean {
  return flow.ui.nodes.some((node) => node.group === group);
}

/** Dotted form names (traits.name.first) as the nested JSON Kratos expects. */
export function nestValues(flat: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(flat)) {
    const parts = name.split('.');
    let target = body;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else {
        const next = target[part];
        target = (target[part] = next && typeof next === 'object' ? next : {}) as Record<
          string,
          unknown
        >;
      }
    });
  }
  return body;
}

/** What a submit sends: the form's values plus the pressed button's name and value. */
export function submissionBody(
  values: FlowValues,
  submitter: UiNode | undefined,
): Record<string, unknown> {
  const flat: Record<string, unknown> = { ...values };
  const attributes = submitter && nodeAttributes(submitter);
  if (attributes?.name) flat[attributes.name] = attributes.value;
  return nestValues(flat);
}

export function isErrorMessage(message: UiText): boolean {
  return message.type === 'error';
}

/** A flow without its messages (settings messages auto-clear, §4). */
export function withoutMessages<F extends { ui: { messages?: UiText[]; nodes: UiNode[] } }>(
  flow: F,
): F {
  return {
    ...flow,
    ui: {
      ...flow.ui,
      messages: [],
      nodes: flow.ui.nodes.map((node) => ({ ...node, messages: [] })),
    },
  };
}

/** The lookup codes of a text node, when the node lists them (context.secrets). */
export function textSecrets(text: UiText): UiText[] | undefined {
  const secrets = (text.context as { secrets?: UiText[] } | undefined)?.secrets;
  return Array.isArray(secrets) ? secrets : undefined;
}
