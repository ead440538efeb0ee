import { maskSecretRow } from '../postgrest/secretColumns.ts';
import { SERVICES } from './list.ts';

const declared = new Map(
  SERVICES.flatMap((service) =>
    Object.entries(service.tables ?? {}).map(([table, declaration]) => [
      table,
      declaration.secrets,
    ]),
  ),
);

/**
 * A row of `table` with the secrets its module declares shown as `/api/db` shows them (the mask, or
 * the reference): for anything that shows a stored row (an audit trail, a change event, a log).
 */
export function maskSecrets(table: string, row: Record<string, unknown>): Record<string, unknown> {
  return maskSecretRow(declared.get(table), row);
}
