import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

/**
 * The replay suite of issue 30: every request kind of reference-requests.json (where each came
 * from is in its `source`: the reference docs' recorded calls of the reference console, the failing
 * list of the issue, or this console's same call), sent as admin (or the template's `as`) to the real server over HTTP with
 * the demo estate, on PGlite and PostgreSQL; each must answer the recorded status and reply shape.
 * A new area adds its requests to the file.
 */

type Shape = string | { each: Shape; min?: number; max?: number } | { [key: string]: Shape };

interface RequestTemplate {
  name: string;
  source: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Who sends it (a demo sign-in); admin@local unless given. */
  as?: string;
  status: number | number[];
  reply: Shape;
}

const templates = (
  JSON.parse(readFileSync(new URL('./reference-requests.json', import.meta.url), 'utf8')) as {
    requests: RequestTemplate[];
  }
).requests;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Where `value` departs from `shape` (a path and what was found), or undefined when it matches. */
export function mismatch(value: unknown, shape: Shape, path = '$'): string | undefined {
  if (typeof shape === 'string') {
    const allowed = shape.split('|');
    if (allowed.includes('any') || allowed.includes(typeOf(value))) return undefined;
    return `${path}: expected ${shape}, found ${typeOf(value)} ${JSON.stringify(value)?.slice(0, 80)}`;
  }
  if ('each' in shape && typeof shape.each !== 'undefined' && !Array.isArray(shape)) {
    const { each, min, max } = shape as { each: Shape; min?: number; max?: number };
    if (!Array.isArray(value)) return `${path}: expected an array, found ${typeOf(value)}`;
    if (min !== undefined && value.length < min)
      return `${path}: expected at least ${min} items, found ${value.length}`;
    if (max !== undefined && value.length > max)
      return `${path}: expected at most ${max} items, found ${value.length}`;
    for (const [i, item] of value.entries()) {
      const found = mismatch(item, each, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeOf(value) !== 'object') return `${path}: expected an object, found ${typeOf(value)}`;
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(shape)) {
    if (!Object.hasOwn(record, key)) return `${path}.${key}: missing`;
    const found = mismatch(record[key], inner as Shape, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

// The demo estate's ids each template names, read from the seeded database.
const PLACEHOLDERS: Record<string, string> = {
  check: `SELECT check_id AS id FROM check_statuses ORDER BY check_id LIMIT 1`,
  httpCheck: `SELECT id FROM checks WHERE type = 'http' AND spec->>'url' = '/api/about' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  component: `SELECT id FROM components WHERE parent_id IS NULL AND deleted_at IS NULL ORDER BY name, id LIMIT 1`,
  linkedComponent: `SELECT r.component_id AS id FROM config_component_relationships r JOIN config_changes c ON c.config_id = r.config_id WHERE r.deleted_at IS NULL ORDER BY 1 LIMIT 1`,
  analysedComponent: `SELECT r.component_id AS id FROM config_component_relationships r JOIN config_analysis a ON a.config_id = r.config_id WHERE r.deleted_at IS NULL ORDER BY 1 LIMIT 1`,
  config: `SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY name, id LIMIT 1`,
  childConfig: `SELECT c.id FROM config_items c JOIN config_items p ON p.id = c.parent_id WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL ORDER BY c.id LIMIT 1`,
  checkedConfig: `SELECT r.config_id AS id FROM check_config_relationships r JOIN checks c ON c.id = r.check_id WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY 1 LIMIT 1`,
  change: `SELECT id FROM config_changes ORDER BY id LIMIT 1`,
  analysis: `SELECT id FROM config_analysis ORDER BY id LIMIT 1`,
  playbook: `SELECT id FROM playbooks WHERE deleted_at IS NULL ORDER BY name, id LIMIT 1`,
  freePlaybook: `SELECT id FROM playbooks WHERE deleted_at IS NULL AND NOT (spec ? 'configs' OR spec ? 'checks' OR spec ? 'components') ORDER BY name, id LIMIT 1`,
  run: `SELECT a.playbook_run_id AS id FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id WHERE r.parent_id IS NULL ORDER BY a.id LIMIT 1`,
  action: `SELECT a.id FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id WHERE r.parent_id IS NULL ORDER BY a.id LIMIT 1`,
  incident: `SELECT incident_id AS id FROM hypotheses ORDER BY incident_id LIMIT 1`,
  hypothesis: `SELECT id FROM hypotheses ORDER BY id LIMIT 1`,
  person: `SELECT id FROM people WHERE email = 'admin@local'`,
  admin: `SELECT id FROM people WHERE email = 'admin@local'`,
  viewer: `SELECT id FROM people WHERE email = 'viewer@local'`,
  guest: `SELECT id FROM people WHERE email = 'guest@local'`,
  team: `SELECT id FROM teams WHERE deleted_at IS NULL ORDER BY name, id LIMIT 1`,
};

describe.each(testDatabases())('the reference console’s requests on $engine', (target) => {
  let db: Database;
  let server: TestServer;
  const values = new Map<string, string>();

  beforeAll(async () => {
    db = await target.openSeeded({ checks: 40 });
    for (const [name, sql] of Object.entries(PLACEHOLDERS)) {
      const { rows } = await db.query<{ id: string }>(sql);
      if (!rows[0]) throw new Error(`the demo estate has no ${name}`);
      values.set(name, String(rows[0].id));
    }
    values.set('monthAgo', new Date(Date.now() - 30 * 86_400_000).toISOString());
    // A file the demo run's action produced, so the artifact requests have one to show.
    await db.query(
      `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size, content)
       VALUES ($1::uuid, 'out/report.txt', 'report.txt', 'text/plain', 5, convert_to('hello', 'UTF8'))`,
      [values.get('action')],
    );
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await target.release();
  });

  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => values.get(name) ?? whole);

  it.each(templates.map((template) => [template.name, template] as const))(
    '%s',
    async (_name, template) => {
      const path = fill(template.path);
      const response = await fetch(`${server.url}${path}`, {
        method: template.method,
        headers: {
          Accept: 'application/json',
          ...(template.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...basic(template.as ?? 'admin@local'),
          ...template.headers,
        },
        ...(template.body === undefined ? {} : { body: fill(JSON.stringify(template.body)) }),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      const where = `${template.method} ${path} -> ${response.status} ${text.slice(0, 300)}`;
      const statuses = Array.isArray(template.status) ? template.status : [template.status];
      expect(statuses, where).toContain(response.status);
      if (template.reply === 'zip') {
        expect(response.headers.get('content-type'), where).toBe('application/zip');
        expect([...bytes.slice(0, 4)], where).toEqual([0x50, 0x4b, 0x03, 0x04]);
        return;
      }
      if (template.reply === 'any') return;
      if (template.reply === 'text') {
        expect(text.length, where).toBeGreaterThan(0);
        return;
      }
      const body = text === '' ? undefined : (JSON.parse(text) as unknown);
      expect(mismatch(body, template.reply), where).toBeUndefined();
    },
  );
});

describe('the reply shapes of the replay suite', () => {
  it('tells a matching reply from one missing a key, of a wrong type or too short', () => {
    const shape: Shape = { items: { each: { id: 'string', n: 'number|null' }, min: 1 } };
    expect(mismatch({ items: [{ id: 'a', n: null, extra: 1 }] }, shape)).toBeUndefined();
    expect(mismatch({ items: [] }, shape)).toMatch(/at least 1/);
    expect(mismatch({ items: [{ id: 'a' }] }, shape)).toMatch(/\$\.items\[0\]\.n: missing/);
    expect(mismatch({ items: [{ id: 1, n: 2 }] }, shape)).toMatch(/expected string/);
    expect(mismatch([], { each: 'object', max: 0 })).toBeUndefined();
    expect(mismatch([{}], { each: 'object', max: 0 })).toMatch(/at most 0/);
  });
});
