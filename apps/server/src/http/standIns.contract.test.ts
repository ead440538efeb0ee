// The stand-in contract: the features' tests stand in for this server with @opsdeck/testing's fake
// backend, and answer its errors with `serverError(status, sentence)`. Here the same requests go to
// the real server and to a stand-in answering as those tests do, side by side, and the two must
// agree on the status and the shape of the body (the keys, their types and the `error` code); and
// the console's client must read the server's sentence from the real reply, not its code (issue 28:
// the playbook pages showed "forbidden" while the server had said why).
import { createApiClient, isApiError, serverErrorCodes } from '@opsdeck/api-client';
import {
  createFakeBackend,
  dbError,
  serverError,
  type FakeBackend,
  type Reply as StandInReply,
  type RouteKey,
} from '@opsdeck/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testDatabases } from '../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../testing/server.ts';

interface Call {
  method: string;
  path: string;
  who?: string;
  body?: unknown;
}

interface Reply {
  status: number;
  body: unknown;
}

/** Each key and the type of its value, recursively for objects: what a reader of the body relies on. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  return typeof value;
}

const unknownRun = '0190a000-0000-7000-8000-00000000dead';

describe.each(testDatabases())(
  'stand-ins of this server answer as it does, on $engine',
  (target) => {
    let db: Database;
    let server: TestServer;
    let standIn: FakeBackend;
    let pendingRun: string;
    let approvalPlaybook: string;

    const send = async (base: string, { method, path, who, body }: Call): Promise<Reply> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(who ? basic(who) : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: compared as text
      }
      return { status: response.status, body: parsed };
    };

    beforeAll(async () => {
      db = await target.openSeeded({ checks: 10 });
      server = await startTestServer({ db });
      standIn = await createFakeBackend();
      // A playbook only admin@local may approve, and a run of it waiting for that approval.
      const created = await send(server.url, {
        method: 'POST',
        path: '/api/db/playbooks',
        who: 'admin@local',
        body: {
          name: 'contract-approval',
          namespace: 'default',
          source: 'UI',
          spec: {
            approval: { approvers: { people: ['admin@local'] } },
            actions: [{ name: 'say', exec: { script: 'echo hi' } }],
          },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      approvalPlaybook = (
        await db.query<{ id: string }>(`SELECT id FROM playbooks WHERE name = 'contract-approval'`)
      ).rows[0]!.id;
      const run = await send(server.url, {
        method: 'POST',
        path: '/api/playbook/run',
        who: 'admin@local',
        body: { id: approvalPlaybook, params: {} },
      });
      expect(run.status, JSON.stringify(run.body)).toBe(201);
      pendingRun = (run.body as { run_id: string }).run_id;
    });
    afterAll(async () => {
      await standIn?.close();
      await server?.close();
      await target.release();
    });

    // The errors the features' tests make their stand-ins answer (features-playbooks above all), each
    // with the request that gets it from the real server.
    const cases: Array<{
      name: string;
      status: number;
      standIn: (sentence: string) => StandInReply;
      call: () => Call;
    }> = [
      {
        name: 'an editor who is not an approver approves a run',
        status: 403,
        standIn: (sentence) => serverError(403, sentence),
        call: () => ({
          method: 'POST',
          path: `/api/playbook/run/approve/${pendingRun}`,
          who: 'editor@local',
        }),
      },
      {
        name: 'a run with a parameter that is not a string',
        status: 400,
        standIn: (sentence) => serverError(400, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/playbook/run',
          who: 'admin@local',
          body: { id: approvalPlaybook, params: { replicas: 3 } },
        }),
      },
      {
        name: 'a run of a playbook that does not exist',
        status: 404,
        standIn: (sentence) => serverError(404, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/playbook/run',
          who: 'admin@local',
          body: { id: unknownRun, params: {} },
        }),
      },
      {
        name: 'the parameters of a request without the playbook id',
        status: 400,
        standIn: (sentence) => serverError(400, sentence),
        call: () => ({
          method: 'POST',
          path: `/api/playbook/${approvalPlaybook}/params`,
          who: 'admin@local',
          body: {},
        }),
      },
      {
        name: 'a viewer runs a playbook',
        status: 403,
        standIn: (sentence) => serverError(403, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/playbook/run',
          who: 'viewer@local',
          body: { id: approvalPlaybook, params: {} },
        }),
      },
      {
        name: 'a viewer adds a hypothesis to an incident (the Attach Evidence dialog)',
        status: 403,
        standIn: (sentence) => dbError(403, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/db/hypotheses',
          who: 'viewer@local',
          body: { title: 'Consumer stuck', type: 'root', status: 'possible' },
        }),
      },
      {
        name: 'a viewer saves a playbook (the spec editor)',
        status: 403,
        standIn: (sentence) => dbError(403, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/db/playbooks',
          who: 'viewer@local',
          body: { name: 'not-mine', namespace: 'default', source: 'UI', spec: { actions: [] } },
        }),
      },
      {
        name: 'a silence whose filter is not CEL (the add-silence form)',
        status: 400,
        standIn: (sentence) => serverError(400, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/notification/silence',
          who: 'admin@local',
          body: { filter: "check.type == 'http'(", until: 'indefinitely', recursive: false },
        }),
      },
      {
        name: 'a viewer adds a silence',
        status: 403,
        standIn: (sentence) => serverError(403, sentence),
        call: () => ({
          method: 'POST',
          path: '/api/notification/silence',
          who: 'viewer@local',
          body: { filter: "check.type == 'http'", until: 'indefinitely', recursive: false },
        }),
      },
      {
        name: 'a silence preview that names nothing to silence',
        status: 400,
        standIn: (sentence) => serverError(400, sentence),
        call: () => ({
          method: 'GET',
          path: '/api/notification/silence_preview',
          who: 'admin@local',
        }),
      },
      {
        name: 'a caller without a session lists playbooks',
        status: 401,
        standIn: (sentence) => serverError(401, sentence),
        call: () => ({ method: 'GET', path: '/api/playbook/list' }),
      },
    ];

    it.each(cases)(
      '$name: $status as the stand-in says',
      async ({ status, standIn: reply, call }) => {
        const request = call();
        const real = await send(server.url, request);
        const sentence =
          typeof (real.body as { message?: unknown }).message === 'string'
            ? (real.body as { message: string }).message
            : 'the server said nothing more';
        standIn.on(`${request.method} ${request.path}` as RouteKey, reply(sentence));
        const stood = await send(standIn.url, request);

        expect(real.status, JSON.stringify(real.body)).toBe(status);
        expect(stood.status).toBe(status);
        expect(shapeOf(real.body)).toEqual(shapeOf(stood.body));
        // The same words built the stand-in's reply, so every other value (the code) must agree too.
        expect(real.body).toEqual(stood.body);
        // The console's client, on the same request to the real server, says the sentence, not the code.
        const client = createApiClient({ baseUrl: `${server.url}/api` });
        const [, group, rest] = /^\/api\/(db|playbook|notification)\/(.*)$/.exec(request.path)!;
        const failure: unknown = await client[group as 'db' | 'playbook' | 'notification']
          .send(request.method as 'GET' | 'POST', rest!, {
            ...(request.body === undefined ? {} : { json: request.body }),
            headers: request.who ? basic(request.who) : {},
          })
          .catch((error: unknown) => error);
        expect(isApiError(failure) && failure.status).toBe(status);
        expect(isApiError(failure) && failure.message).toBe(sentence);
        expect(serverErrorCodes).not.toContain(sentence);
      },
    );
  },
);
