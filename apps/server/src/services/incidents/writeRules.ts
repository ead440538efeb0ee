import type { PermissionWrite, PermissionWriteDecision } from '../../auth/permissionWrites.ts';
import type { WriteRequest } from '../defineService.ts';

type Row = Record<string, unknown>;

const allowed: PermissionWriteDecision = { allowed: true };

// A write that leaves no rows but had some removed them (a DELETE; PATCH and upserts leave theirs).
const isDelete = (write: PermissionWrite) => write.after.length === 0 && write.before.length > 0;

const named = (row: Row) => String(row.incident_id ?? row.id);

/**
 * Below admin, deleting an incident (DELETE, which marks it deleted, or a PATCH of deleted_at) and
 * handing its command to someone else are the incident's commander's alone (issue 27 #10):
 * otherwise a responder could make themselves commander and then delete it.
 */
export async function checkIncidentWrite(
  write: PermissionWrite,
  { user }: WriteRequest,
): Promise<PermissionWriteDecision> {
  const refuse = (row: Row, what: string): PermissionWriteDecision => ({
    allowed: false,
    reason: `incidents: only an admin or the commander of ${named(row)} may ${what}`,
  });
  const before = new Map(write.before.map((row) => [String(row.id), row]));
  if (isDelete(write)) {
    const other = write.before.find((row) => row.commander_id !== user.id);
    return other ? refuse(other, 'delete it') : allowed;
  }
  for (const row of write.after) {
    const was = before.get(String(row.id));
    if (!was || was.commander_id === user.id) continue;
    if (row.deleted_at !== null && row.deleted_at !== undefined && !was.deleted_at)
      return refuse(was, 'delete it');
    if (row.commander_id !== was.commander_id) return refuse(was, 'change its commander');
  }
  return allowed;
}

/**
 * A comment is its author's: only they edit it, and only they or an admin delete it, whoever
 * else may write comments (issue 27 #16). Holds for admins too, but for deleting.
 */
export async function guardCommentWrite(
  write: PermissionWrite,
  { user, authorizer }: WriteRequest,
): Promise<PermissionWriteDecision> {
  const removing = isDelete(write);
  if (removing && authorizer.isAdmin) return allowed;
  const other = write.before.find((row) => row.created_by !== user.id);
  if (!other) return allowed;
  return {
    allowed: false,
    reason: removing
      ? 'comments: only its author or an admin may delete a comment'
      : 'comments: only its author may edit a comment',
  };
}

/**
 * Responders leave with `PATCH {deleted_at}` (as the console removes them): a DELETE would take
 * the incident's history rows that name them with it, and history is never deleted by a client.
 */
export async function guardResponderWrite(
  write: PermissionWrite,
): Promise<PermissionWriteDecision> {
  return isDelete(write)
    ? {
        allowed: false,
        status: 409,
        reason:
          'responders are removed with PATCH {"deleted_at": "now()"}, which keeps the incident history that names them',
      }
    : allowed;
}
