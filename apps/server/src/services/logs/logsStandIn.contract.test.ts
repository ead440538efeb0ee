// features-logs' stand-in against this server: the logs page's calls — the api-client's own
// functions, as the page makes them — go to the stand-in and to the real server side by side.
// Each must get the same status; an error the same body (the page shows its sentence); a reply
// rows whose every key the server sends too, with a value of the same type.
import { isApiError } from '@opsdeck/api-client';
import { getLogs, listLogsComponents } from '@opsdeck/api-client/topology';
import {
  ids,
  LOKI_REFUSAL,
  startLogsBackend,
  type LogsBackend,
} from '@opsdeck/features-logs/testing/stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testDatabases } from '../../testing/databases.ts';
import { basic, startTestServer, type TestServer } from '../../testing/server.ts';
import { mismatches, recordingClient } from '../../testing/standInReplies.test.helper.ts';

describe.each(testDatabases())(
  'features-logs’ stand-in answers as this server, on $engine',
  (target) => {
    let db: Database;
    let server: TestServer;
    let standIn: LogsBackend;
    let opsdeck: string;

    beforeAll(async () => {
      db = await target.openSeeded({ checks: 10 });
      // The stand-in's Loki component, here too.
      await db.query(
        `INSERT INTO components (id, name, type, labels, log_selectors)
       VALUES ($1, 'payments-api', 'Application', $2, $3)`,
        [
          ids.loki,
          JSON.stringify({ namespace: 'shop', cluster: 'eu-1' }),
          JSON.stringify([{ name: 'loki', type: 'loki', labels: {} }]),
        ],
      );
      server = await startTestServer({ db });
      opsdeck = (
        await db.query<{ id: string }>(`SELECT id FROM components WHERE name = 'Opsdeck server'`)
      ).rows[0]!.id;
      standIn = await startLogsBackend();
    });
    afterAll(async () => {
      await standIn?.close();
      await server?.close();
      await db?.query(`DELETE FROM components WHERE id = $1`, [ids.loki]);
      await target.release();
    });

    const sides = () => ({
      real: recordingClient(server.url, basic('admin@local')),
      stood: recordingClient(standIn.url),
    });

    it('lists the components with logs with their labels and selectors', async () => {
      const { real, stood } = sides();
      const realList = await listLogsComponents(real.client);
      const standInList = await listLogsComponents(stood.client);
      const pick = (list: typeof realList, id: string) => list.find((entry) => entry.id === id);
      expect({ ...pick(realList, opsdeck), id: 'x' }).toEqual({
        ...pick(standInList, ids.server),
        id: 'x',
      });
      expect(pick(realList, ids.loki)).toEqual(pick(standInList, ids.loki));
      expect(real.exchanges.map(({ path, status }) => [path, status])).toEqual(
        stood.exchanges.map(({ path, status }) => [path, status]),
      );
      real.exchanges.forEach((exchange, index) =>
        expect(mismatches(exchange.body, stood.exchanges[index]!.body), exchange.path).toEqual([]),
      );
    });

    it('answers lines of the server log found by text, shaped alike', async () => {
      const { real, stood } = sides();
      // A request the server logs, so its log holds a 'request' line.
      await listLogsComponents(real.client);
      // Instants, as the page sends them (it resolves its range at the time of asking).
      const labels = {
        text: 'request',
        start: new Date(Date.now() - 3_600_000).toISOString(),
        end: new Date(Date.now() + 60_000).toISOString(),
        limit: '1000',
      };
      const realReply = await getLogs(real.client, { id: opsdeck, name: 'server', labels });
      const standInReply = await getLogs(stood.client, { id: ids.server, name: 'server', labels });
      expect(realReply.results?.length).toBeGreaterThan(0);
      expect(standInReply.results?.length).toBeGreaterThan(0);
      expect(realReply.results![0]!.labels?.level).toBeTypeOf('string');
      expect(mismatches(real.exchanges.at(-1)!.body, stood.exchanges.at(-1)!.body)).toEqual([]);
    });

    it.each([
      ['a Loki selector', () => ({ id: ids.loki }), 501],
      ['no component id', () => ({}), 400],
      ['a component id that is not a uuid', () => ({ id: 'garbage' }), 400],
      [
        'a selector the component does not have',
        (server: string) => ({ id: server, name: 'x' }),
        404,
      ],
    ] as const)('refuses %s with the same status and sentence', async (_name, body, status) => {
      const { real, stood } = sides();
      const realFailure = await getLogs(real.client, body(opsdeck)).catch(
        (error: unknown) => error,
      );
      const standInFailure = await getLogs(stood.client, body(ids.server)).catch(
        (error: unknown) => error,
      );
      expect(isApiError(realFailure) && realFailure.status).toBe(status);
      expect(isApiError(standInFailure) && standInFailure.status).toBe(status);
      expect(real.exchanges.at(-1)!.body).toEqual(stood.exchanges.at(-1)!.body);
    });

    it('says the Loki refusal in the words the stand-in uses', async () => {
      const { real } = sides();
      const failure = await getLogs(real.client, { id: ids.loki }).catch((error: unknown) => error);
      expect(isApiError(failure) && failure.message).toBe(LOKI_REFUSAL);
    });
  },
);
