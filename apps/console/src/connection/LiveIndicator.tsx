import type { LiveUpdatesMode } from '@opsdeck/api-client/react';
import styled from 'styled-components';
import { VisuallyHidden } from '../shell/VisuallyHidden.ts';
import { testIds } from '../testIds.ts';

/** The word shown, and what the tooltip and screen readers add to it. */
const wording: Record<LiveUpdatesMode, { word: string; description: string; more: string }> = {
  live: {
    word: 'Live',
    description: 'Live: changes appear as they happen',
    more: ': changes appear as they happen',
  },
  reconnecting: { word: 'Reconnecting…', description: 'Reconnecting…', more: '' },
  polling: {
    word: 'Polling',
    description: 'Updates every 30 s: this backend has no change stream',
    more: ': updates every 30 s, this backend has no change stream',
  },
};

const Status = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.xs};
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: default;
`;

const Dot = styled.span<{ $mode: LiveUpdatesMode }>`
  flex-shrink: 0;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme, $mode }) =>
    $mode === 'live'
      ? theme.colors.status.green
      : $mode === 'reconnecting'
        ? theme.colors.status.orange
        : theme.colors.textMuted};
`;

// On a phone the dot alone shows; the word stays for screen readers.
const Word = styled.span`
  @media ${({ theme }) => theme.media.phone} {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/**
 * The header's live status: connected to the change stream, reconnecting after a drop, or polling
 * because the backend has none. A polite live region, so a change of state is announced; the
 * description is its tooltip and is read with the word.
 */
export function LiveIndicator({ mode }: { mode: LiveUpdatesMode }) {
  const { word, description, more } = wording[mode];
  return (
    <Status
      role="status"
      aria-live="polite"
      aria-label={`${word}${more}`}
      title={description}
      data-testid={testIds.header.live}
      data-mode={mode}
    >
      <Dot $mode={mode} aria-hidden="true" />
      <Word>{word}</Word>
      {more && <VisuallyHidden>{more}</VisuallyHidden>}
    </Status>
  );
}
