import { Search } from '@opsdeck/ui';
import styled from 'styled-components';
import { isMac } from './shortcuts.ts';
import { paletteTestIds } from './testIds.ts';

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  height: 36px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }

  kbd {
    font-family: ${({ theme }) => theme.fontFamily.mono};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }

  /* On a phone the icon stays; its name is read from the hidden text. */
  @media ${({ theme }) => theme.media.phone} {
    border: none;
    background: none;
    span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  }
`;

/** The header's way into the command palette, for the mouse and touch ("Search… Ctrl K"). */
export function PaletteButton({ onClick }: { onClick: () => void }) {
  const key = isMac() ? '⌘ K' : 'Ctrl K';
  return (
    <Trigger
      type="button"
      onClick={onClick}
      aria-keyshortcuts="Control+K Meta+K"
      aria-haspopup="dialog"
      data-testid={paletteTestIds.button}
    >
      <Search size={16} aria-hidden="true" />
      <span>
        Search… <kbd>{key}</kbd>
      </span>
    </Trigger>
  );
}
