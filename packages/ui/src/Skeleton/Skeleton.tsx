import styled, { keyframes } from 'styled-components';
import { testIds } from '../testIds.ts';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Bone = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '0.875rem'};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceHover};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const Stack = styled.div<{ $gap?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => $gap ?? theme.space.sm};
  width: 100%;
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
`;

interface LoadingProps {
  /** Announced to screen readers while the real content loads. */
  label?: string;
}

// Varying widths read as text rather than as a block.
const lineWidths = ['100%', '92%', '96%', '80%', '88%', '60%'];

export function SkeletonText({ lines = 3, label = 'Loading' }: LoadingProps & { lines?: number }) {
  return (
    <Stack role="status" aria-label={label} aria-busy="true" data-testid={testIds.skeleton.text}>
      {Array.from({ length: lines }, (_, i) => (
        <Bone key={i} $width={i === lines - 1 ? '60%' : lineWidths[i % lineWidths.length]} />
      ))}
    </Stack>
  );
}

export function SkeletonTable({
  rows = 5,
  columns = 4,
  label = 'Loading',
}: LoadingProps & { rows?: number; columns?: number }) {
  return (
    <Stack role="status" aria-label={label} aria-busy="true" data-testid={testIds.skeleton.table}>
      <Row>
        {Array.from({ length: columns }, (_, c) => (
          <Bone key={c} $height="1rem" $width={`${100 / columns}%`} />
        ))}
      </Row>
      {Array.from({ length: rows }, (_, r) => (
        <Row key={r}>
          {Array.from({ length: columns }, (_, c) => (
            <Bone key={c} $height="1.5rem" $width={`${100 / columns}%`} />
          ))}
        </Row>
      ))}
    </Stack>
  );
}

export function SkeletonForm({
  fields = 4,
  label = 'Loading',
}: LoadingProps & { fields?: number }) {
  return (
    <Stack
      role="status"
      aria-label={label}
      aria-busy="true"
      $gap="16px"
      data-testid={testIds.skeleton.form}
    >
      {Array.from({ length: fields }, (_, i) => (
        <Stack key={i} $gap="6px">
          <Bone $width="30%" $height="0.75rem" />
          <Bone $height="2rem" />
        </Stack>
      ))}
      <Bone $width="96px" $height="2rem" />
    </Stack>
  );
}

export function SkeletonPage({ label = 'Loading' }: LoadingProps) {
  return (
    <Stack
      role="status"
      aria-label={label}
      aria-busy="true"
      $gap="24px"
      data-testid={testIds.skeleton.page}
    >
      <Bone $width="40%" $height="1.75rem" />
      <Row>
        <Bone $height="4rem" />
        <Bone $height="4rem" />
        <Bone $height="4rem" />
      </Row>
      <Stack>
        {Array.from({ length: 8 }, (_, i) => (
          <Bone key={i} $height="1.5rem" />
        ))}
      </Stack>
    </Stack>
  );
}
