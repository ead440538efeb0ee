import { Badge, type BadgeColor } from '@opsdeck/ui';
import { statusLabel, statusTone, type StatusTone } from '../model/playbooks.ts';

const colors: Record<StatusTone, BadgeColor> = {
  success: 'green',
  danger: 'red',
  warning: 'orange',
  info: 'primary',
  neutral: 'neutral',
};

/** A run's or an action's status in words, coloured by its tone. */
export function RunStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <Badge color={colors[statusTone(status)]} data-testid={testId} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
