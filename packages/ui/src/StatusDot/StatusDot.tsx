import styled from 'styled-components';
import type { StatusColor } from '../theme/themes.ts';
import { statusColor } from './statusColor.ts';

export interface StatusDotProps {
  status: string | null | undefined;
  /** Accessible name; defaults to the status itself. */
  label?: string;
  size?: number;
}

const Dot = styled.span<{ $color: StatusColor; $size: number }>`
  display: inline-block;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ theme, $color }) => theme.colors.status[$color]};
`;

export function StatusDot({ status, label, size = 10 }: StatusDotProps) {
  const color = statusColor(status);
  return (
    <Dot
      role="img"
      aria-label={label ?? status ?? 'unknown'}
      $color={color}
      $size={size}
      data-color={color}
    />
  );
}
