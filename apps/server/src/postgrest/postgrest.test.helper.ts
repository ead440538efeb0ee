import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { createPostgrestApp } from './app.ts';
import { CatalogCache, type CaseFolded } from './catalog.ts';

/** Fixed ids of the small estate the engine's tests read and write. */
export const ids = {
  alice: '10000000-0000-4000-8000-000000000001',
  bob: '10000000-0000-4000-8000-000000000002',
  agent: '20000000-0000-4000-8000-000000000001',
  httpCanary: '30000000-0000-4000-8000-000000000001',
  tcpCanary: '30000000-0000-4000-8000-000000000002',
  homepage: '40000000-0000-4000-8000-000000000001',
  api: '40000000-0000-4000-8000-000000000002',
  dbPort: '40000000-0000-4000-8000-000000000003',
  quoted: '40000000-0000-4000-8000-000000000004',
  frontend: '50000000-0000-4000-8000-000000000001',
  backend: '50000000-0000-4000-8000-000000000002',
  webDeployment: '60000000-0000-4000-8000-000000000001',
  dbConfig: '60000000-0000-4000-8000-000000000002',
  incident: '70000000-0000-4000-8000-000000000001',
  team: '80000000-0000-4000-8000-000000000001',
} as const;

/** The newest status of the homepage check; 120 statuses, one a minute, go back from here. */
export const statusBase = Date.parse('2024-05-01T12:00:00.000Z');
export const homepageStatuses = 120;
export const quotedCheckName = `O'Brien "quoted" ; DROP TABLE checks; --`;

/** Inserts the estate (idempotent per database: it clears the rows it owns first). */
export async function seedEstate(db: Database): Promise<void> {
  const statuses: string[] = [];
  for (let i = 0; i < homepageStatuses; i += 1) {
    const time = new Date(statusBase - i * 60_000).toISOString();
    // Every 10th status failed; durations grow with age so `duration=gte.X` cuts the list predictably.
    statuses.push(
      `('${ids.homepage}', '${time}', ${i % 10 === 0 ? 'false' : 'true'}, ${i * 10}, 'run ${i}')`,
    );
  }
  await db.exec(`
    DELETE FROM check_statuses WHERE check_id IN ('${ids.homepage}', '${ids.api}', '${ids.dbPort}', '${ids.quoted}');
    DELETE FROM check_component_relationships WHERE canary_id IN ('${ids.httpCanary}', '${ids.tcpCanary}');
    DELETE FROM check_config_relationships WHERE canary_id IN ('${ids.httpCanary}', '${ids.tcpCanary}');
    DELETE FROM checks WHERE canary_id IN ('${ids.httpCanary}', '${ids.tcpCanary}');
    DELETE FROM canaries WHERE id IN ('${ids.httpCanary}', '${ids.tcpCanary}');
    DELETE FROM components WHERE id IN ('${ids.frontend}', '${ids.backend}');
    DELETE FROM config_items WHERE id IN ('${ids.webDeployment}', '${ids.dbConfig}');
    DELETE FROM incidents WHERE id = '${ids.incident}';
    DELETE FROM team_members WHERE team_id = '${ids.team}';
    UPDATE people SET team_id = NULL WHERE id IN ('${ids.alice}', '${ids.bob}');
    DELETE FROM teams WHERE id = '${ids.team}';
    DELETE FROM agents WHERE id = '${ids.agent}';
    DELETE FROM people WHERE id IN ('${ids.alice}', '${ids.bob}');

    INSERT INTO people (id, name, email, avatar) VALUES
      ('${ids.alice}', 'Alice Admin', 'alice@example.test', 'https://avatars.test/alice.png'),
      ('${ids.bob}', 'Bob Builder', 'bob@example.test', NULL);
    INSERT INTO teams (id, name, icon, created_by) VALUES ('${ids.team}', 'SRE', 'fire', '${ids.alice}');
    INSERT INTO team_members (team_id, person_id) VALUES ('${ids.team}', '${ids.alice}'), ('${ids.team}', '${ids.bob}');
    INSERT INTO agents (id, name, hostname) VALUES ('${ids.agent}', 'edge-1', 'edge-1.local');
    INSERT INTO canaries (id, name, namespace, labels, source, created_by) VALUES
      ('${ids.httpCanary}', 'http-canary', 'default', '{"team":"ops"}', 'ui', '${ids.alice}'),
      ('${ids.tcpCanary}', 'tcp-canary', 'prod', NULL, 'kubernetes', NULL);
    INSERT INTO checks (id, canary_id, agent_id, type, name, namespace, labels, status, severity, created_at, deleted_at, spec) VALUES
      ('${ids.homepage}', '${ids.httpCanary}', '${ids.agent}', 'http', 'homepage', 'default', '{"app":"web","env":"prod"}', 'healthy', 'critical', '2024-04-01T00:00:00Z', NULL, '{"url":"http://127.0.0.1/","thresholdMillis":500}'),
      ('${ids.api}', '${ids.httpCanary}', '00000000-0000-0000-0000-000000000000', 'http', 'api', 'default', '{"app":"api","env":"dev"}', 'unhealthy', 'high', '2024-04-02T00:00:00Z', NULL, NULL),
      ('${ids.dbPort}', '${ids.tcpCanary}', '00000000-0000-0000-0000-000000000000', 'tcp', 'db-port', 'prod', NULL, 'healthy', NULL, '2024-04-03T00:00:00Z', '2024-04-20T00:00:00Z', NULL),
      ('${ids.quoted}', '${ids.tcpCanary}', '00000000-0000-0000-0000-000000000000', 'tcp', $q$${quotedCheckName}$q$, 'prod', NULL, NULL, 'low', '2024-04-04T00:00:00Z', NULL, NULL);
    INSERT INTO check_statuses (check_id, time, status, duration, message) VALUES ${statuses.join(', ')};
    INSERT INTO check_statuses (check_id, time, status, duration, message) VALUES ('${ids.api}', '2024-05-01T11:00:00Z', false, 900, 'timeout');
    INSERT INTO components (id, name, icon, type) VALUES
      ('${ids.frontend}', 'frontend', 'html', 'Service'), ('${ids.backend}', 'backend', 'go', 'Service');
    INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES
      ('${ids.frontend}', '${ids.homepage}', '${ids.httpCanary}'), ('${ids.backend}', '${ids.homepage}', '${ids.httpCanary}');
    INSERT INTO config_items (id, name, type, config_class, labels, tags, config, external_id) VALUES
      ('${ids.webDeployment}', 'web-deployment', 'Kubernetes::Deployment', 'Deployment', '{"namespace":"default"}', '{"cluster":"prod"}', '{"spec":{"replicas":3}}', '{web,deploy}'),
      ('${ids.dbConfig}', 'db-config', 'Kubernetes::ConfigMap', 'ConfigMap', '{"namespace":"prod"}', NULL, NULL, NULL);
    INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES ('${ids.webDeployment}', '${ids.homepage}', '${ids.httpCanary}');
    INSERT INTO incidents (id, incident_id, title, created_by, commander_id) VALUES
      ('${ids.incident}', 'INC-1', 'Homepage down', '${ids.alice}', '${ids.bob}');
  `);
}

export interface EngineServer {
  url: string;
  catalog: CatalogCache;
  /** `GET {url}/{path}` etc. with the given headers. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The engine mounted at `/api/db` of a bare Hono app on 127.0.0.1. The test authorization hook refuses
 * a table named in the `x-test-deny` request header (and `identities` always), allowing the rest.
 */
export async function startEngine(
  db: Database,
  options: { maxRows?: number; caseFolded?: CaseFolded } = {},
): Promise<EngineServer> {
  const { caseFolded, ...rest } = options;
  const catalog = new CatalogCache(db, 'public', caseFolded);
  const app = new Hono();
  app.route(
    '/api/db',
    createPostgrestApp({
      db,
      catalog,
      ...rest,
      authorize: (table, _method, c) => {
        const denied = c.req.header('x-test-deny')?.split(',') ?? [];
        if (table === 'identities' || denied.includes(table))
          return { allowed: false, reason: `no access to ${table}` };
        return { allowed: true };
      },
    }),
  );
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      const url = `http://127.0.0.1:${info.port}/api/db`;
      resolve({
        url,
        catalog,
        request: (path, init) => fetch(`${url}${path}`, init),
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** Reads a reply as JSON (or undefined for an empty body). */
export async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}
