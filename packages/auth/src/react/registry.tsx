import { Button } from '@opsdeck/ui';
import type { UiNode, UiText } from '@ory/client-fetch';
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  type ComponentType,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { isErrorMessage, textSecrets } from './nodes.ts';

// The component registry the node dispatcher draws from; apps override any entry.

export interface NodeProps {
  node: UiNode;
  /** A unique DOM id for the field (labels and messages refer to it). */
  id: string;
  label?: UiText;
}

export interface InputNodeProps extends NodeProps {
  name: string;
  type: string;
  value: string;
  required: boolean;
  disabled: boolean;
  autoComplete?: string;
  onChange(value: string): void;
}

export interface CheckboxNodeProps extends NodeProps {
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}

export interface ButtonNodeProps extends NodeProps {
  name: string;
  value: string;
  disabled: boolean;
  busy: boolean;
  /** The node the form submits with (Kratos reads its name and value). */
  onPress(): void;
}

export interface FlowComponents {
  Input: ComponentType<InputNodeProps>;
  Checkbox: ComponentType<CheckboxNodeProps>;
  Button: ComponentType<ButtonNodeProps>;
  Text: ComponentType<NodeProps & { text: UiText }>;
  Image: ComponentType<NodeProps & { src: string; width?: number; height?: number }>;
  Anchor: ComponentType<NodeProps & { href: string; title: UiText }>;
  Script: ComponentType<
    NodeProps & {
      src: string;
      async?: boolean;
      integrity?: string;
      crossOrigin?: string;
      nonce?: string;
      type?: string;
    }
  >;
  Div: ComponentType<NodeProps & { divId: string }>;
  Messages: ComponentType<{ messages: readonly UiText[]; id?: string; testId?: string }>;
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const TextInput = styled.input`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const MessageList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Message = styled.li<{ $error: boolean }>`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

// A secret or an otpauth:// address is one long word: it breaks anywhere rather than widening the card.
const TextValue = styled.code`
  overflow-wrap: anywhere;
`;

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  list-style: none;
  font-family: ${({ theme }) => theme.fontFamily.mono};
`;

export function FlowMessages({
  messages,
  id,
  testId = testIds.flow.messages,
}: {
  messages: readonly UiText[];
  id?: string;
  testId?: string;
}) {
  if (!messages.length) return null;
  const hasError = messages.some(isErrorMessage);
  return (
    // Errors interrupt (alert); other messages are announced politely (status).
    <div id={id} role={hasError ? 'alert' : 'status'} data-testid={testId}>
      <MessageList>
        {messages.map((message, index) => (
          <Message
            key={`${message.id}-${index}`}
            $error={isErrorMessage(message)}
            data-message-id={message.id}
            data-message-type={message.type}
          >
            {message.text}
          </Message>
        ))}
      </MessageList>
    </div>
  );
}

function DefaultInput({
  node,
  id,
  label,
  name,
  type,
  value,
  required,
  disabled,
  autoComplete,
  onChange,
}: InputNodeProps) {
  const messagesId = node.messages.length ? `${id}-messages` : undefined;
  return (
    <Field>
      {label && <Label htmlFor={id}>{label.text}</Label>}
      <TextInput
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-label={label ? undefined : name}
        aria-invalid={node.messages.some(isErrorMessage) || undefined}
        aria-describedby={messagesId}
        onChange={(event) => onChange(event.target.value)}
      />
      <FlowMessages messages={node.messages} id={messagesId} testId={testIds.flow.nodeMessages} />
    </Field>
  );
}

function DefaultCheckbox({
  node,
  id,
  label,
  name,
  checked,
  disabled,
  onChange,
}: CheckboxNodeProps) {
  const messagesId = node.messages.length ? `${id}-messages` : undefined;
  return (
    <Field>
      <Label htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={messagesId}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {label?.text ?? name}
      </Label>
      <FlowMessages messages={node.messages} id={messagesId} testId={testIds.flow.nodeMessages} />
    </Field>
  );
}

function DefaultButton({ label, name, value, disabled, busy, onPress, node }: ButtonNodeProps) {
  const primary = name === 'method' || node.group === 'default';
  return (
    <Button
      type="submit"
      name={name}
      value={value}
      variant={primary ? 'primary' : 'secondary'}
      disabled={disabled}
      loading={busy}
      onClick={onPress}
    >
      {label?.text ?? value}
    </Button>
  );
}

// The QR encoder loads when an enrolment first shows an address, not with the sign-in pages.
const TotpQrCode = lazy(() => import('./TotpQrCode.tsx'));

const Disclosure = styled.details`
  font-size: ${({ theme }) => theme.fontSize.sm};

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.link};
  }
`;

const nodeName = (node: UiNode) => (node.attributes as { id?: string }).id;

/** The otpauth:// address of a TOTP enrolment, read from the node Kratos (or this server) sends. */
function otpauthAddress(node: UiNode, text: UiText): string | undefined {
  const url = (text.context as { url?: unknown } | undefined)?.url;
  const address = typeof url === 'string' ? url : text.text;
  return nodeName(node) === 'totp_url' || address.startsWith('otpauth://') ? address : undefined;
}

function DefaultText({ node, label, text, id }: NodeProps & { text: UiText }) {
  const address = otpauthAddress(node, text);
  // An authenticator scans the address; its text (the secret in full) is not shown.
  if (address)
    return (
      <Field id={id} data-node-id={nodeName(node)}>
        <Suspense fallback={null}>
          <TotpQrCode uri={address} label="QR code to scan with your authenticator app" />
        </Suspense>
      </Field>
    );
  // The key typed in by hand stays behind a disclosure, for one who cannot scan.
  if (nodeName(node) === 'totp_secret_key')
    return (
      <Field id={id} data-node-id={nodeName(node)}>
        <Disclosure>
          <summary>Can’t scan? Enter the key instead</summary>
          {label && <span>{label.text}</span>} <TextValue>{text.text}</TextValue>
        </Disclosure>
      </Field>
    );
  const secrets = textSecrets(text);
  return (
    <Field id={id} data-node-id={(node.attributes as { id?: string }).id}>
      {label && <span>{label.text}</span>}
      {secrets ? (
        <Codes>
          {secrets.map((secret, index) => (
            <li key={index}>
              <code>{secret.text}</code>
            </li>
          ))}
        </Codes>
      ) : (
        <TextValue>{text.text}</TextValue>
      )}
    </Field>
  );
}

function DefaultImage({
  label,
  src,
  width,
  height,
  id,
}: NodeProps & { src: string; width?: number; height?: number }) {
  return (
    <Field>
      <img id={id} src={src} width={width} height={height} alt={label?.text ?? ''} />
    </Field>
  );
}

function DefaultAnchor({ href, title, id }: NodeProps & { href: string; title: UiText }) {
  return (
    <a id={id} href={href}>
      {title.text}
    </a>
  );
}

// Scripts (WebAuthn, captcha) load only from this origin: a flow must not pull code from elsewhere.
function DefaultScript({
  src,
  async,
  integrity,
  crossOrigin,
  nonce,
  type,
  id,
}: NodeProps & {
  src: string;
  async?: boolean;
  integrity?: string;
  crossOrigin?: string;
  nonce?: string;
  type?: string;
}) {
  useEffect(() => {
    if (typeof document === 'undefined') return;
    let url: URL;
    try {
      url = new URL(src, window.location.href);
    } catch {
      return;
    }
    if (url.origin !== window.location.origin) return;
    const script = document.createElement('script');
    script.src = url.href;
    script.id = id;
    script.async = Boolean(async);
    if (integrity) script.integrity = integrity;
    if (crossOrigin) script.crossOrigin = crossOrigin;
    if (nonce) script.nonce = nonce;
    if (type) script.type = type;
    document.body.appendChild(script);
    return () => script.remove();
  }, [src, async, integrity, crossOrigin, nonce, type, id]);
  return null;
}

function DefaultDiv({ divId }: NodeProps & { divId: string }) {
  return <div id={divId} />;
}

export const defaultFlowComponents: FlowComponents = {
  Input: DefaultInput,
  Checkbox: DefaultCheckbox,
  Button: DefaultButton,
  Text: DefaultText,
  Image: DefaultImage,
  Anchor: DefaultAnchor,
  Script: DefaultScript,
  Div: DefaultDiv,
  Messages: FlowMessages,
};

const FlowComponentsContext = createContext<FlowComponents>(defaultFlowComponents);

/** Replaces some registry entries for everything below; the rest stay the defaults. */
export function FlowComponentsProvider({
  components,
  children,
}: {
  components: Partial<FlowComponents>;
  children?: ReactNode;
}) {
  const parent = useContext(FlowComponentsContext);
  return (
    <FlowComponentsContext.Provider value={{ ...parent, ...components }}>
      {children}
    </FlowComponentsContext.Provider>
  );
}

export function useFlowComponents(): FlowComponents {
  return useContext(FlowComponentsContext);
}
