import { StatusDot } from '@opsdeck/ui';
import styled from 'styled-components';

const Row = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  white-space: nowrap;
`;

/** A health dot with its word (console §4's colours); nothing for a config without health. */
export function Health({ health, label }: { health: string | null | undefined; label?: string }) {
  if (!health) return null;
  return (
    <Row>
      {/* The word says it; the dot is decoration for screen readers. */}
      <span aria-hidden="true">
        <StatusDot status={health} />
      </span>
      {label ?? health}
    </Row>
  );
}
