import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import {
  addTeamMembers,
  deleteSettingsResource,
  getSettingsResource,
  listSettingsResources,
  listTeamMembers,
  removeTeamMember,
} from './calls.ts';
import { settingsInvalidations, settingsKeys } from './keys.ts';

const id = '0a2b4c6d-0000-4000-8000-000000000001';
let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/canaries': [{ id, name: 'web', namespace: 'default', spec: { http: [] } }],
    'PATCH /api/db/canaries': [{ id, name: 'web', deleted_at: '2026-01-01T00:00:00Z' }],
    'GET /api/db/team_members': [
      { team_id: 't1', person_id: { id: 'p1', name: 'Ada', email: 'ada@example.com' } },
      { team_id: 't1', person_id: { id: 'p2', name: null, email: 'bot@example.com' } },
    ],
    'POST /api/db/team_members': [],
    'DELETE /api/db/team_members': [],
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('settings resources', () => {
  it('lists a table as settings §7 says: not deleted, newest first, up to 100', async () => {
    expect((await listSettingsResources(client, 'canaries'))[0]!.name).toBe('web');
    const [request] = backend.requestsTo('GET /api/db/canaries');
    expect(Object.fromEntries(request!.query)).toEqual({
      select: '*',
      deleted_at: 'is.null',
      order: 'created_at.desc',
      limit: '100',
    });
  });

  it('reads no record for an id that is no uuid, without asking', async () => {
    expect(await getSettingsResource(client, 'canaries', 'nope')).toBeNull();
    expect(backend.requestsTo('GET /api/db/canaries')).toHaveLength(0);
  });

  it('deletes softly, by id', async () => {
    await deleteSettingsResource(client, 'canaries', id);
    const [request] = backend.requestsTo('PATCH /api/db/canaries');
    expect(request!.query.get('id')).toBe(`eq.${id}`);
    expect(Object.keys(request!.body as object)).toEqual(['deleted_at']);
  });

  it("reads, adds and removes a team's members; removing names the team too", async () => {
    expect(await listTeamMembers(client, 't1')).toEqual([
      { id: 'p1', name: 'Ada', email: 'ada@example.com' },
      { id: 'p2', name: 'bot@example.com', email: 'bot@example.com' },
    ]);
    expect(backend.requestsTo('GET /api/db/team_members')[0]!.query.get('select')).toBe(
      '*,person_id(*)',
    );
    await addTeamMembers(client, 't1', ['p3', 'p4']);
    expect(backend.requestsTo('POST /api/db/team_members')[0]!.body).toEqual([
      { team_id: 't1', person_id: 'p3' },
      { team_id: 't1', person_id: 'p4' },
    ]);
    await removeTeamMember(client, 't1', 'p1');
    const [removal] = backend.requestsTo('DELETE /api/db/team_members');
    expect(Object.fromEntries(removal!.query)).toEqual({ team_id: 'eq.t1', person_id: 'eq.p1' });
  });

  it('a write to a table or to team members makes its own keys stale', () => {
    expect(settingsInvalidations.canaries).toEqual([
      settingsKeys.table('canaries'),
      // The job history names the canary whose jobs it lists.
      settingsKeys.jobs(),
    ]);
    expect(settingsInvalidations.team_members).toEqual([settingsKeys.members()]);
  });
});
