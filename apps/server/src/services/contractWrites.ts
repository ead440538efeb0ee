import { describeIssues, withPrefix, type Contract } from '@opsdeck/contracts';
import type { PermissionWrite, PermissionWriteDecision } from '../auth/permissionWrites.ts';

type Row = Record<string, unknown>;
// A refusal names at most this many problems; the rest are usually the same mistake.
const MAX_PROBLEMS = 5;

/**
 * A table's guard (TableDeclaration.guardWrite, every writer) that every live row written holds a
 * spec its kind's contract accepts (issue 32 §1): a 400 naming the path, `spec.members[0]: …`, or
 * the column itself (`until: …`) for a table whose columns are the spec's fields (`prefix` '').
 */
export function contractGuard<Spec>(
  contract: Contract<Spec>,
  specOf: (row: Row) => unknown,
  prefix = 'spec',
): (write: PermissionWrite) => Promise<PermissionWriteDecision> {
  return async (write) => {
    for (const row of write.after) {
      if (row.deleted_at) continue;
      const verdict = contract.validate(specOf(row));
      if (verdict.ok) continue;
      const issues = verdict.issues.slice(0, MAX_PROBLEMS);
      const named = prefix === '' ? issues : withPrefix(prefix, issues);
      return {
        allowed: false,
        status: 400,
        reason: `${contract.kind} validation failed: ${describeIssues(named)}`,
      };
    }
    return { allowed: true };
  };
}

/** The row's values of `columns` that are set (a null column is a field left out). */
export function columnsOf(row: Row, columns: readonly string[]): Row {
  return Object.fromEntries(
    columns
      .filter((column) => row[column] !== null && row[column] !== undefined)
      .map((column) => [column, row[column]]),
  );
}
