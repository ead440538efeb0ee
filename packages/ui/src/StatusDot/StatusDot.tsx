import { useTheme } from 'styled-components';
import { statusColor } from './statusColor.ts';

export interface StatusDotProps {
  status: string | null | undefined;
  /** Accessible name; defaults to the status itself. */
  label?: string;
  size?: number;
}

/**
 * A coloured dot for a status. A plain element with its colour and size inline rather than a
 * styled component: list pages draw one per row on every redraw, and a styled component whose
 * rules read the theme generates and hashes its CSS on each of those renders.
 */
export function StatusDot({ status, label, size = 10 }: StatusDotProps) {
  const theme = useTheme();
  const color = statusColor(status);
  return (
    <span
      role="img"
      aria-label={label ?? status ?? 'unknown'}
      data-color={color}
      style={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        background: theme.colors.status[color],
      }}
    />
  );
}
