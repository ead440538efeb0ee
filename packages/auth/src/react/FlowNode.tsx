import type { UiNode, UiText } from '@ory/client-fetch';
import { testIds } from '../testIds.ts';
import { nodeAttributes, nodeLabel } from './nodes.ts';
import { useFlowComponents } from './registry.tsx';

export interface FlowNodeProps {
  node: UiNode;
  id: string;
  value: string | boolean | undefined;
  busy: boolean;
  onChange(name: string, value: string | boolean): void;
  onPress(node: UiNode): void;
}

/** The one dispatcher: each ui.node becomes a registry component chosen by attributes.node_type. */
export function FlowNode({ node, id, value, busy, onChange, onPress }: FlowNodeProps) {
  const components = useFlowComponents();
  const attributes = nodeAttributes(node) as Record<string, unknown> & { node_type: string };
  const label = nodeLabel(node);
  const name = String(attributes.name ?? '');
  const disabled = Boolean(attributes.disabled);
  switch (attributes.node_type) {
    case 'input': {
      const type = String(attributes.type ?? 'text');
      // Hidden fields and buttons have no place for messages of their own, so they follow them.
      const messages = (
        <components.Messages messages={node.messages} testId={testIds.flow.nodeMessages} />
      );
      if (type === 'hidden') {
        return (
          <>
            <input type="hidden" name={name} value={String(value ?? '')} />
            {messages}
          </>
        );
      }
      if (type === 'submit' || type === 'button') {
        return (
          <>
            <components.Button
              node={node}
              id={id}
              label={label}
              name={name}
              value={String(attributes.value ?? '')}
              disabled={disabled}
              busy={busy}
              onPress={() => onPress(node)}
            />
            {messages}
          </>
        );
      }
      if (type === 'checkbox') {
        return (
          <components.Checkbox
            node={node}
            id={id}
            label={label}
            name={name}
            checked={value === true}
            disabled={disabled}
            onChange={(checked) => onChange(name, checked)}
          />
        );
      }
      return (
        <components.Input
          node={node}
          id={id}
          label={label}
          name={name}
          type={type}
          value={String(value ?? '')}
          required={Boolean(attributes.required)}
          disabled={disabled}
          autoComplete={
            typeof attributes.autocomplete === 'string' ? attributes.autocomplete : undefined
          }
          onChange={(next) => onChange(name, next)}
        />
      );
    }
    case 'text':
      return <components.Text node={node} id={id} label={label} text={attributes.text as UiText} />;
    case 'img':
      return (
        <components.Image
          node={node}
          id={id}
          label={label}
          src={String(attributes.src ?? '')}
          width={attributes.width as number | undefined}
          height={attributes.height as number | undefined}
        />
      );
    case 'a':
      return (
        <components.Anchor
          node={node}
          id={id}
          label={label}
          href={String(attributes.href ?? '')}
          title={attributes.title as UiText}
        />
      );
    case 'script':
      return (
        <components.Script
          node={node}
          id={String(attributes.id ?? id)}
          label={label}
          src={String(attributes.src ?? '')}
          async={Boolean(attributes.async)}
          integrity={attributes.integrity as string | undefined}
          crossOrigin={attributes.crossorigin as string | undefined}
          nonce={attributes.nonce as string | undefined}
          type={attributes.type as string | undefined}
        />
      );
    case 'div':
      return (
        <components.Div node={node} id={id} label={label} divId={String(attributes.id ?? id)} />
      );
    default:
      return null;
  }
}
