import styled, { css } from 'styled-components';
import { Minus, Plus } from '../icons/index.ts';
import { nextTriState, type TriStateInclusion, type TriStateValue } from './triState.ts';

export interface TriStateToggleProps {
  /** The option this toggle is for; names the group and its buttons ('Include web'). */
  label: string;
  value: TriStateValue;
  onChange: (value: TriStateValue) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

const Group = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xxs};
`;

const StateButton = styled.button<{ $state: TriStateInclusion }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &[aria-pressed='true'] {
    ${({ theme, $state }) =>
      $state === 1
        ? css`
            background: ${theme.colors.success};
            border-color: ${theme.colors.success};
            color: ${theme.colors.onSuccess};
          `
        : css`
            background: ${theme.colors.danger};
            border-color: ${theme.colors.danger};
            color: ${theme.colors.onDanger};
          `}
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

/**
 * Include / exclude buttons for one option (console spec §4): 0 neutral, 1 include, -1 exclude;
 * pressing the pressed button returns to neutral. Two toggle buttons, so each state is announced.
 */
export function TriStateToggle({
  label,
  value,
  onChange,
  disabled,
  'data-testid': testId,
}: TriStateToggleProps) {
  const click = (state: TriStateInclusion) => onChange(nextTriState(value, state));
  return (
    <Group role="group" aria-label={label} data-testid={testId} data-state={value}>
      <StateButton
        type="button"
        $state={1}
        data-column="include"
        aria-pressed={value === 1}
        aria-label={`Include ${label}`}
        title={`Include ${label}`}
        disabled={disabled}
        onClick={() => click(1)}
      >
        <Plus size={14} aria-hidden="true" />
      </StateButton>
      <StateButton
        type="button"
        $state={-1}
        data-column="exclude"
        aria-pressed={value === -1}
        aria-label={`Exclude ${label}`}
        title={`Exclude ${label}`}
        disabled={disabled}
        onClick={() => click(-1)}
      >
        <Minus size={14} aria-hidden="true" />
      </StateButton>
    </Group>
  );
}
