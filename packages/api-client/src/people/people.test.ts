import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { incidentKeys } from '../incidents/keys.ts';
import { playbookKeys } from '../playbooks/keys.ts';
import { listPeople, listTeams, peopleQuery, teamsQuery } from './calls.ts';
import { peopleInvalidations, peopleKeys } from './keys.ts';

let backend: FakeBackend;
let client: ApiClient;
beforeAll(async () => {
  backend = await createFakeBackend({
    'GET /api/db/people': [
      { id: 'p1', name: 'Ada Admin', email: 'ada@example.com', avatar: null, extra: 1 },
      { id: 'p2', name: null, email: 'bot@example.com' },
    ],
    'GET /api/db/teams': [{ id: 't1', name: 'platform', icon: null }],
  });
  client = createApiClient({ baseUrl: `${backend.url}/api` });
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

describe('people and teams, one domain', () => {
  it('asks for people as the reference UI does, through the query builder', async () => {
    expect(await listPeople(client)).toEqual([
      { id: 'p1', name: 'Ada Admin', email: 'ada@example.com' },
      // A person without a name is called by their email.
      { id: 'p2', name: 'bot@example.com', email: 'bot@example.com' },
    ]);
    const [request] = backend.requestsTo('GET /api/db/people');
    expect(Object.fromEntries(request!.query)).toEqual({
      select: '*',
      deleted_at: 'is.null',
      email: 'not.is.null',
      order: 'name.asc',
    });
  });

  it('asks for teams by name, deleted ones left out', async () => {
    expect(await listTeams(client)).toEqual([{ id: 't1', name: 'platform' }]);
    const [request] = backend.requestsTo('GET /api/db/teams');
    expect(request!.query.get('deleted_at')).toBe('is.null');
    expect(request!.query.get('order')).toBe('name.asc');
  });

  it('keeps both lists under one key root, which a write to either table invalidates', async () => {
    const people = peopleQuery(client);
    const teams = teamsQuery(client);
    expect(people.queryKey.slice(0, 2)).toEqual(peopleKeys.all());
    expect(teams.queryKey.slice(0, 2)).toEqual(peopleKeys.all());
    // No other domain keeps its own copy (they were under incidents' and playbooks' roots).
    expect(people.queryKey.slice(0, 2)).not.toEqual(incidentKeys.all());
    expect(people.queryKey.slice(0, 2)).not.toEqual(playbookKeys.all());

    const queryClient = new QueryClient();
    await queryClient.fetchQuery(people);
    await queryClient.fetchQuery(teams);
    // One cache entry each, whoever asks (the responder picker, a playbook's team parameter).
    await queryClient.fetchQuery(peopleQuery(client));
    expect(backend.requestsTo('GET /api/db/people')).toHaveLength(1);
    for (const key of peopleInvalidations.teams ?? []) {
      await queryClient.invalidateQueries({ queryKey: key });
    }
    expect(queryClient.getQueryState(people.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(teams.queryKey)?.isInvalidated).toBe(true);
  });
});
