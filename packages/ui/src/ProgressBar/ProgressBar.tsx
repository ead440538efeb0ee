import styled from 'styled-components';
import { clampProgress, progressColor } from './progress.ts';

export interface ProgressBarProps {
  /** Percent, 0-100; drawn clamped to 5-100. */
  value: number;
  /** Accessible name, e.g. "Disk usage". */
  label: string;
  /** Show the percentage next to the bar. */
  showValue?: boolean;
}

const Wrapper = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 80px;
`;

const Track = styled.div`
  flex: 1;
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.surfaceHover};
  overflow: hidden;
`;

const Fill = styled.div<{ $color: 'green' | 'orange' | 'red' }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $color }) => theme.colors.status[$color]};
`;

const Value = styled.span`
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

export function ProgressBar({ value, label, showValue = false }: ProgressBarProps) {
  const width = clampProgress(value);
  const color = progressColor(value);
  const announced = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <Wrapper>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={announced}
      >
        <Fill $color={color} data-color={color} style={{ width: `${width}%` }} />
      </Track>
      {showValue && <Value aria-hidden="true">{announced}%</Value>}
    </Wrapper>
  );
}
