// The command palette's record searches against this server (issue 38): each feature's
// `paletteSearchProviders` contribution, called as the console calls it, over real HTTP with the
// demo estate on PGlite and PostgreSQL. A name typed finds that record, its link is the record's
// own page (a check's is the health page with its modal open), at most five come back, and a
// search the user's role may not make answers nothing rather than failing the palette.
import { createApiClient, type ApiClient } from '@opsdeck/api-client';
import { adminFeatures } from '@opsdeck/features-admin';
import { catalogFeature } from '@opsdeck/features-catalog';
import { healthFeature } from '@opsdeck/features-health';
import { incidentsFeature } from '@opsdeck/features-incidents';
import { playbooksFeature } from '@opsdeck/features-playbooks';
import { topologyFeature } from '@opsdeck/features-topology';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

const usersFeature = adminFeatures.find((feature) => feature.name === 'settings.users')!;

// What this test reads of a feature definition (the server does not load @opsdeck/extensions).
interface Target {
  ref: { id: string };
  params: Record<string, string>;
  search?: Record<string, string>;
}
interface Result {
  id: string;
  title: string;
  description?: string;
  to: Target;
}
interface Provider {
  search(text: string, context: { apiClient: ApiClient; signal: AbortSignal }): Promise<Result[]>;
}
interface Feature {
  name: string;
  contributions?: readonly { slot: { id: string }; kind: string; value?: unknown }[];
  routes?: readonly { path: string; ref?: { id: string } }[];
}

/** The feature's one palette search, as the shell's view hands it out. */
function providerOf(feature: Feature): Provider {
  const found = (feature.contributions ?? []).find(
    (contribution) => contribution.slot.id === 'shell.paletteSearchProviders',
  );
  if (!found || found.kind !== 'data') throw new Error(`${feature.name} has no palette search`);
  return found.value as Provider;
}

/** A result's address on this feature's routes (the registry does this for the console). */
function hrefOf(feature: Feature, to: Target): string {
  const route = feature.routes?.find((candidate) => candidate.ref?.id === to.ref.id);
  if (!route) throw new Error(`${feature.name} has no route ${to.ref.id}`);
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => to.params[name] ?? '');
  const query = new URLSearchParams(to.search ?? {}).toString();
  return `/${path}${query ? `?${query}` : ''}`;
}

describe.each(testDatabases())('the palette’s record searches on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const clientAs = (email: string): ApiClient =>
    createApiClient({
      baseUrl: `${server.url}/api`,
      fetch: (input, init) => {
        const request = new Request(input, init);
        for (const [name, value] of Object.entries(basic(email))) request.headers.set(name, value);
        return fetch(request);
      },
    });
  const search = (feature: Feature, text: string, email = 'admin@local') =>
    providerOf(feature).search(text, {
      apiClient: clientAs(email),
      signal: new AbortController().signal,
    });
  const one = async (sql: string) => (await db.query<Record<string, string>>(sql)).rows[0]!;

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 20 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('finds a check by the start of its name and links to its modal on /health', async () => {
    const check = await one(
      `SELECT id, name FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const results = await search(healthFeature, check.name!.slice(0, 6));
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    const hit = results.find((result) => result.id === check.id);
    expect(hit?.title).toBe(check.name);
    expect(hrefOf(healthFeature, hit!.to)).toBe(
      `/health?${new URLSearchParams({ checkId: check.id! }).toString()}`,
    );
    expect(await search(healthFeature, 'no-such-check-zzz')).toEqual([]);
  });

  it('finds configs by the start of their name, with namespace and type, linking to the page', async () => {
    const { name } = await one(
      `SELECT name FROM config_items WHERE deleted_at IS NULL AND tags->>'namespace' IS NOT NULL
       ORDER BY name LIMIT 1`,
    );
    const results = await search(catalogFeature, name!);
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    for (const result of results) {
      expect(result.title.toLowerCase().startsWith(name!.toLowerCase())).toBe(true);
      const row = await one(
        `SELECT type, tags->>'namespace' AS namespace FROM config_items WHERE id = '${result.id}'`,
      );
      if (row.namespace) expect(result.description).toContain(row.namespace);
      expect(result.description).toContain(row.type);
      expect(hrefOf(catalogFeature, result.to)).toBe(`/catalog/${result.id}`);
    }
  });

  it('finds a component, linking to its page', async () => {
    const component = await one(
      `SELECT id, name FROM components WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const results = await search(topologyFeature, component.name!);
    const hit = results.find((result) => result.id === component.id);
    expect(hit?.title).toBe(component.name);
    expect(hrefOf(topologyFeature, hit!.to)).toBe(`/topology/${component.id}`);
  });

  it('finds an incident by a word inside its title, at most five', async () => {
    const incident = await one(
      `SELECT id, title, incident_id FROM incidents ORDER BY title LIMIT 1`,
    );
    const word = incident.title!.split(' ').at(-1)!;
    const results = await search(incidentsFeature, word.toUpperCase());
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results.every((result) => result.title.toLowerCase().includes(word.toLowerCase()))).toBe(
      true,
    );
    const exact = await search(incidentsFeature, incident.title!);
    const hit = exact.find((result) => result.id === incident.id);
    expect(hit?.description).toContain(incident.incident_id);
    expect(hrefOf(incidentsFeature, hit!.to)).toBe(`/incidents/${incident.id}`);
  });

  it('finds a playbook by name, linking to its runs', async () => {
    const playbook = await one(
      `SELECT id, name FROM playbooks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const results = await search(playbooksFeature, playbook.name!);
    const hit = results.find((result) => result.id === playbook.id);
    expect(hit).toBeDefined();
    expect(hrefOf(playbooksFeature, hit!.to)).toBe(
      `/playbooks/runs?${new URLSearchParams({ 'runs.playbook.filter': playbook.id! }).toString()}`,
    );
  });

  it('finds a person who can sign in, with their email', async () => {
    const results = await search(usersFeature, 'admin');
    expect(results.map((result) => result.description)).toContain('admin@local');
  });

  it('takes a typed wildcard or quote as text, not as a pattern or a query', async () => {
    expect(await search(incidentsFeature, '*')).toEqual([]);
    expect(await search(incidentsFeature, `%'),or(id.is.null`)).toEqual([]);
    expect(await search(playbooksFeature, `x",title.ilike."*`)).toEqual([]);
  });

  it('finds a record whose name holds *, %, _ or \\ by typing them', async () => {
    const playbook = await one(
      `SELECT id FROM playbooks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const title = 'Drain 50%_of*node\\pool';
    await db.query(`UPDATE playbooks SET title = $1 WHERE id = $2`, [title, playbook.id]);
    for (const typed of ['50%_of*node\\p', '*', '%_', '\\']) {
      const results = await search(playbooksFeature, typed);
      expect(
        results.map((result) => result.title),
        typed,
      ).toEqual([title]);
    }
  });
});
