import styled from 'styled-components';
import type { CardSize } from '../model/filters.ts';
import { topologyTestIds } from '../testIds.ts';

const Group = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;

  button {
    min-height: 32px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: none;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSize.sm};
    cursor: pointer;
  }
  button + button {
    border-left: 1px solid ${({ theme }) => theme.colors.borderStrong};
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
`;

const sizes: ReadonlyArray<readonly [CardSize, string]> = [
  ['small', 'Small'],
  ['medium', 'Medium'],
  ['large', 'Large'],
];

/** Small, medium or large cards; the choice is in the URL (`size`). */
export function CardSizeToggle({
  size,
  onChange,
}: {
  size: CardSize;
  onChange: (size: CardSize) => void;
}) {
  return (
    <Group role="group" aria-label="Card size" data-testid={topologyTestIds.component.sizeToggle}>
      {sizes.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={size === value}
          onClick={() => onChange(value)}
        >
          {label}
        </button>
      ))}
    </Group>
  );
}
