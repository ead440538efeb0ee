import styled from 'styled-components';
import { Copy } from 'lucide-react';
import { IconButton } from '../IconButton/IconButton.tsx';
import { useToast } from '../Toast/Toast.tsx';
import { CLIPBOARD_MESSAGES, copyText } from './copyText.ts';

export interface CopyToClipboardProps {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name of the button; defaults to 'Copy to clipboard'. */
  label?: string;
  /** Show the value next to the button (e.g. a kubectl command). */
  showValue?: boolean;
}

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  max-width: 100%;

  code {
    flex: 1;
    overflow-x: auto;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceHover};
    font-size: ${({ theme }) => theme.fontSize.sm};
    white-space: pre;
  }
`;

/** A copy button that reports the result as a toast (needs a ToastProvider above it). */
export function CopyToClipboard({
  value,
  label = 'Copy to clipboard',
  showValue = false,
}: CopyToClipboardProps) {
  const toast = useToast();

  async function copy() {
    const outcome = await copyText(value);
    if (outcome === 'copied') toast.success(CLIPBOARD_MESSAGES.copied);
    else toast.error(CLIPBOARD_MESSAGES[outcome]);
  }

  const button = (
    <IconButton label={label} icon={<Copy size={16} />} size="small" onClick={() => void copy()} />
  );
  if (!showValue) return button;
  return (
    <Row>
      <code>{value}</code>
      {button}
    </Row>
  );
}
