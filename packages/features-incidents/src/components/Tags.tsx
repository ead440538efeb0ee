import { Badge } from '@opsdeck/ui';
import {
  capitalise,
  hypothesisStatusColor,
  incidentStatusColor,
  incidentStatusLabel,
  severityBadge,
} from '../model/status.ts';

/** An incident status in its spec colour (settings §4). */
export function IncidentStatusTag({ status }: { status: string | null | undefined }) {
  return (
    <Badge color={incidentStatusColor(status)} size="small">
      {status ? incidentStatusLabel(status) : 'Unknown'}
    </Badge>
  );
}

export function SeverityTag({ severity }: { severity: string | null | undefined }) {
  const { label, color } = severityBadge(severity);
  return (
    <Badge color={color} size="small">
      {label}
    </Badge>
  );
}

export function HypothesisStatusTag({ status }: { status: string | null | undefined }) {
  return (
    <Badge color={hypothesisStatusColor(status)} size="small">
      {capitalise(status ?? 'unknown')}
    </Badge>
  );
}
