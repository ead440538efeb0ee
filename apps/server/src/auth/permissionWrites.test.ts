import { describe, expect, it } from 'vitest';
import type { SqlRunner } from '../db/database.ts';
import { authorshipColumns } from './authorship.ts';
import { checkPermissionWrite } from './permissionWrites.ts';
import { builtInAdmin, type AuthUser } from './user.ts';

const ADMIN = 'a0000000-0000-4000-8000-000000000001';
const ADMIN_TEAM = 't0000000-0000-4000-8000-000000000001';
const VIEWER = 'v0000000-0000-4000-8000-000000000001';

// The one look-up the check makes: who the admins are (with their teams).
const tx: SqlRunner = {
  query: async <T>() => ({
    rows: [{ id: ADMIN, email: 'admin@local', team_id: ADMIN_TEAM }] as T[],
    fields: [],
    rowCount: 1,
  }),
  exec: async () => {},
};

const user = (roles: string[], permissions: AuthUser['permissions'] = []): AuthUser => ({
  id: 'writer',
  name: 'Writer',
  roles,
  permissions,
});
const editor = user(['editor']);

async function writes(
  writer: AuthUser,
  after: Record<string, unknown>[],
  before: Record<string, unknown>[] = [],
) {
  return checkPermissionWrite(writer, { before, after, tx });
}

describe('checkPermissionWrite', () => {
  it('lets a writer grant what it holds, by object or by the id a scoped row carries', async () => {
    expect(
      await writes(editor, [
        { object: 'canaries', action: 'create,read,update,delete', person_id: VIEWER },
      ]),
    ).toEqual({ allowed: true });
    expect(
      await writes(editor, [
        { object: null, action: 'playbook:run', playbook_id: 'p1', person_id: VIEWER },
      ]),
    ).toEqual({ allowed: true });
    // §6: an editor reads connections, so it may share that read, not more.
    expect(
      (await writes(editor, [{ object: null, action: 'read', connection_id: 'c1' }])).allowed,
    ).toBe(true);
    expect(
      await writes(editor, [{ object: null, action: 'update', connection_id: 'c1' }]),
    ).toMatchObject({ allowed: false, reason: expect.stringMatching(/write on connections/) });
  });

  it('counts every verb but read as a write, and refuses * to non-admins', async () => {
    expect(
      await writes(user(['viewer']), [{ object: 'canaries', action: 'playbook:run' }]),
    ).toMatchObject({ allowed: false, reason: expect.stringMatching(/write on canaries/) });
    expect(await writes(editor, [{ object: 'canaries', action: '*' }])).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/only an admin may write "\*"/),
    });
    expect(await writes(editor, [{ object: '*', action: 'read' }])).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/"\*"/),
    });
  });

  it('leaves rows about objects outside the role matrix, or about none, to admins', async () => {
    expect(await writes(editor, [{ object: 'catalog', action: 'read' }])).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/object "catalog"/),
    });
    expect(await writes(editor, [{ object: null, action: 'read' }])).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/names no resource/),
    });
  });

  it('refuses a deny that reaches an admin by person, team or subject, and allows one against others', async () => {
    for (const target of [
      { person_id: ADMIN },
      { team_id: ADMIN_TEAM },
      { subject: 'admin', subject_type: 'role' },
      { subject: 'Admin@Local' },
      { subject: ADMIN_TEAM },
      { subject: '*' },
    ]) {
      expect(
        await writes(editor, [{ object: 'canaries', action: 'update', deny: true, ...target }]),
        JSON.stringify(target),
      ).toMatchObject({
        allowed: false,
        reason: expect.stringMatching(/that denies an admin/),
      });
    }
    expect(
      await writes(editor, [
        { object: 'canaries', action: 'update', deny: true, person_id: VIEWER },
      ]),
    ).toEqual({ allowed: true });
  });

  it('refuses changing or deleting a row beyond the writer, even into a harmless one', async () => {
    const adminRow = {
      id: 'r1',
      object: 'connections',
      action: 'update',
      deny: true,
      person_id: VIEWER,
    };
    expect(await writes(editor, [], [adminRow])).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/change or delete permission r1/),
    });
    expect(await writes(editor, [{ ...adminRow, object: 'canaries' }], [adminRow])).toMatchObject({
      allowed: false,
    });
    expect(await writes(editor, [], [{ id: 'r2', object: '*', action: 'update' }])).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/write on rbac/),
    });
    // A row the editor holds all of may go, even with a `*` action it could not write itself.
    expect(await writes(editor, [], [{ id: 'r3', object: 'canaries', action: '*' }])).toEqual({
      allowed: true,
    });
  });

  it('measures a writer by its own permission rows too, never by the rows it writes', async () => {
    const delegated = user(
      ['viewer'],
      [
        { object: 'permissions', action: 'update' },
        { object: 'agents', action: 'update' },
      ],
    );
    expect(
      await writes(delegated, [{ object: 'agents', action: 'update', person_id: VIEWER }]),
    ).toEqual({ allowed: true });
    expect(
      await writes(delegated, [
        { object: 'canaries', action: 'update' },
        { object: 'agents', action: 'update' },
      ]),
    ).toMatchObject({ allowed: false });
  });
});

describe('authorshipColumns', () => {
  const columns = (...names: string[]) => ({ columns: names.map((name) => ({ name })) });

  it('sets only the columns a relation has: authorship and creation time on insert, updates on every write', () => {
    const person = { value: 'writer' };
    const now = { now: true };
    expect(
      authorshipColumns(
        editor,
        columns('id', 'created_by', 'created_at', 'updated_at', 'updated_by'),
      ),
    ).toEqual({
      insert: { created_by: person, created_at: now, updated_at: now, updated_by: person },
      update: { updated_at: now, updated_by: person },
    });
    expect(authorshipColumns(editor, columns('id', 'created_at'))).toEqual({
      insert: { created_at: now },
      update: {},
    });
    expect(authorshipColumns(editor, columns('id', 'name'))).toEqual({ insert: {}, update: {} });
  });

  it('leaves the author empty for the in-memory admin of --auth disabled, who is nobody in people', () => {
    expect(authorshipColumns(builtInAdmin, columns('created_by')).insert).toEqual({
      created_by: { value: null },
    });
  });
});
