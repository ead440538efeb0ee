// The write checks of the tables whose rows are resources with a contract (issue 32 §1): a row
// written through /api/db must hold a spec its kind's contract accepts, for every writer (admins
// too: a spec the console cannot open breaks its page whoever wrote it). A refusal is a 400 whose
// reason names the field as the editor does (`spec.http[0].url: This field is required`).
import {
  canaryContract,
  describeIssues,
  loggingBackendContract,
  scrapeConfigContract,
  topologyContract,
  validateConnectionRecord,
  withPrefix,
  type Contract,
  type ContractIssue,
} from '@opsdeck/contracts';
import type { PermissionWrite, PermissionWriteDecision } from '../auth/permissionWrites.ts';
import { allGuards, sourceGuard } from '../resources/sourceGuard.ts';

type Row = Record<string, unknown>;

// A reason stays one readable line: the first few problems.
const SHOWN = 5;

function refusal(
  table: string,
  row: Row,
  issues: readonly ContractIssue[],
): PermissionWriteDecision {
  const name = typeof row.name === 'string' && row.name !== '' ? ` ${row.name}` : '';
  return {
    allowed: false,
    status: 400,
    reason: `${table}${name}: ${describeIssues(issues.slice(0, SHOWN))}`,
  };
}

/** Every written row's `spec` through `contract`; a deleted (soft) row is not checked. */
export function specWriteCheck(table: string, contract: Contract<unknown>) {
  return async (write: PermissionWrite): Promise<PermissionWriteDecision> => {
    for (const row of write.after) {
      if (row.deleted_at) continue;
      // An absent spec is the column's default ({} or null): nothing to check.
      if (row.spec === null || row.spec === undefined) continue;
      const verdict = contract.validate(row.spec);
      if (!verdict.ok) return refusal(table, row, withPrefix('spec', verdict.issues));
    }
    return { allowed: true };
  };
}

// A row another source owns (a resource file, Kubernetes) is changed there, never through the API
// (issue 35); then the spec its kind's contract accepts.
export const checkCanaryWrite = allGuards(
  sourceGuard('canary'),
  specWriteCheck('canaries', canaryContract as Contract<unknown>),
);
export const checkTopologyWrite = allGuards(
  sourceGuard('topology'),
  specWriteCheck('topologies', topologyContract as Contract<unknown>),
);
export const checkScrapeConfigWrite = allGuards(
  sourceGuard('catalog scraper'),
  specWriteCheck('config_scrapers', scrapeConfigContract as Contract<unknown>),
);
export const checkLoggingBackendWrite = allGuards(
  sourceGuard('log backend'),
  specWriteCheck('logging_backends', loggingBackendContract as Contract<unknown>),
);

/**
 * A connection row is the record its type's form edits (name, namespace, url, username, password,
 * certificate, insecure_tls, properties): checked by that form, paths as the editor's fields.
 */
export async function checkConnectionWrite(
  write: PermissionWrite,
): Promise<PermissionWriteDecision> {
  for (const row of write.after) {
    const verdict = validateConnectionRecord(row);
    if (!verdict.ok) return refusal('connections', row, verdict.issues);
  }
  return { allowed: true };
}
