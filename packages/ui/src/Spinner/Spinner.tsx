import styled, { keyframes } from 'styled-components';
import { LoaderCircle } from 'lucide-react';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const SpinningIcon = styled(LoaderCircle)`
  animation: ${spin} 0.8s linear infinite;
  flex-shrink: 0;
`;

export interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; omit when the surrounding control already says it is busy. */
  label?: string;
  'data-testid'?: string;
}

export function Spinner({ size = 16, label, 'data-testid': testId }: SpinnerProps) {
  if (label) {
    return (
      <span role="status" aria-label={label} data-testid={testId}>
        <SpinningIcon size={size} aria-hidden="true" />
      </span>
    );
  }
  return <SpinningIcon size={size} aria-hidden="true" data-testid={testId} />;
}
