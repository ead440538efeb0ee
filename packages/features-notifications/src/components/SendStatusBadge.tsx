import { Badge } from '@opsdeck/ui';
import { sendStatusColor, sendStatusLabel } from '../model/sends.ts';

/** A send's status in words and colour (red for a failed send). */
export function SendStatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge color={sendStatusColor(status)}>{sendStatusLabel(status)}</Badge>;
}
