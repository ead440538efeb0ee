import type { PermissionWrite, PermissionWriteDecision } from '../auth/permissionWrites.ts';
import type { WriteRequest } from '../services/defineService.ts';

type Guard = (write: PermissionWrite, request: WriteRequest) => Promise<PermissionWriteDecision>;

/** The `source` of rows written through the API (the console); settings §3 "Resource source values". */
export const API_SOURCE = 'UI';

const nameOf = (row: Record<string, unknown>) =>
  typeof row.namespace === 'string' && row.namespace !== ''
    ? `${row.namespace}/${String(row.name)}`
    : String(row.name);

// Where a sourced row is changed instead, by its source's family.
function whereToChange(source: string): string {
  if (source === 'ConfigFile') return 'change the resource file it is loaded from';
  if (/^kubernetes/i.test(source)) return 'change its Kubernetes resource';
  return 'change it where it comes from';
}

/**
 * Writes through /api/db to a table of resources others may own (settings §4 "Resource editing"),
 * for every writer, admins included: a row with a source other than UI (a resource file,
 * Kubernetes, a component or a catalog item) changes only at that source, so a PATCH, DELETE or an
 * upsert over it is a 409 saying where; a row written has source UI or none.
 */
export function sourceGuard(noun: string): Guard {
  return async (write) => {
    for (const row of write.before) {
      const source = row.source;
      if (typeof source === 'string' && source !== '' && source !== API_SOURCE)
        return {
          allowed: false,
          status: 409,
          reason: `${noun} ${nameOf(row)} was not created through the API (source ${source}) and cannot be modified: ${whereToChange(source)}`,
        };
    }
    for (const row of write.after) {
      const source = row.source;
      if (source !== null && source !== undefined && source !== API_SOURCE)
        return {
          allowed: false,
          status: 400,
          reason: `a ${noun} written through the API has source ${API_SOURCE}, not ${JSON.stringify(source)}`,
        };
    }
    return { allowed: true };
  };
}

/** Guards run in order; the first refusal stands. */
export function allGuards(...guards: Guard[]): Guard {
  return async (write, request) => {
    for (const guard of guards) {
      const decision = await guard(write, request);
      if (!decision.allowed) return decision;
    }
    return { allowed: true };
  };
}
