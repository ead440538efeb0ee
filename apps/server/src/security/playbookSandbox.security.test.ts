// Issue 27 #2: a playbook script ran as a plain child of the server, read OPSDECK_SECRET_KEY from
// /proc/$PPID/environ and the database address from /proc/$PPID/cmdline, and outlived its timeout
// and a kill -9 of the server. Here a real server process (the bundled CLI, as users run it) on
// PGlite (--data-dir) and on PostgreSQL (DATABASE_URL in its environment) runs scripts that go
// looking for those secrets, and is then killed under a running script.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../testing/bundle.ts';
import { migratedDataDir, postgresTemplate, testDatabaseUrl } from '../testing/databases.ts';
import { performAction } from '../services/playbooks/actions.ts';
import { detectSandbox } from '../services/playbooks/sandbox.ts';

const repoDir = fileURLToPath(new URL('../../../..', import.meta.url));
let outDir = '';

beforeAll(() => {
  outDir = bundleForTest('src/cli.ts', 'sandbox-test');
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface RunningServer {
  process: ChildProcess;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Every process on this machine whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker))
        found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  millis = 20_000,
): Promise<T> {
  const until = Date.now() + millis;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const engines = [
  { engine: 'pglite' as const },
  ...(testDatabaseUrl() ? [{ engine: 'postgres' as const }] : []),
];

describe.each(engines)(
  'playbook scripts in a sandbox, under a real server on $engine',
  ({ engine }) => {
    const secretKey = `canary-key-${randomUUID()}`;
    let server: RunningServer;
    let databaseUrl: string | undefined;
    let databaseName: string | undefined;

    async function admin(query: string) {
      const client = new pg.Client({ connectionString: testDatabaseUrl() });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    }

    async function startServer(): Promise<RunningServer> {
      // Migrated by an earlier start on PGlite: these tests are about the scripts, not a first start.
      const dataDir = mkdtempSync(join(tmpdir(), 'opsdeck-sandbox-data-'));
      if (engine === 'pglite') migratedDataDir(dataDir);
      // Beside the data directory, not in it: the server refuses a directory that is neither empty
      // nor a database (issue 27 #8).
      const keyDir = mkdtempSync(join(tmpdir(), 'opsdeck-sandbox-key-'));
      writeFileSync(join(keyDir, 'inherited.txt'), secretKey, { mode: 0o600 });
      const inherited = openSync(join(keyDir, 'inherited.txt'), 'r');
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        OPSDECK_SECRET_KEY: secretKey,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
      const child = spawn(
        process.execPath,
        [
          join(outDir, 'cli.js'),
          '--port',
          '0',
          '--auth',
          'disabled',
          '--seed',
          'none',
          '--data-dir',
          dataDir,
        ],
        // A descriptor the server inherits without close-on-exec, as from a supervisor: its fd 5,
        // open on a file holding the key.
        { cwd: repoDir, env, stdio: ['ignore', 'pipe', 'pipe', 'ignore', 'ignore', inherited] },
      );
      closeSync(inherited);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await waitFor(
        'the server to listen',
        () => {
          if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
          return /"msg":"listening","url":"([^"]+)"/.exec(output)?.[1];
        },
        90_000,
      );
      return {
        process: child,
        url,
        dataDir,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGKILL');
            await new Promise((resolve) => child.once('exit', resolve));
          }
          rmSync(dataDir, { recursive: true, force: true });
          rmSync(keyDir, { recursive: true, force: true });
        },
      };
    }

    beforeAll(async () => {
      if (engine === 'postgres') {
        databaseName = `opsdeck_sandbox_${randomUUID().replaceAll('-', '')}`;
        const template = postgresTemplate();
        await admin(`CREATE DATABASE ${databaseName}${template ? ` TEMPLATE ${template}` : ''}`);
        const parsed = new URL(testDatabaseUrl()!);
        parsed.pathname = `/${databaseName}`;
        databaseUrl = parsed.toString();
      }
      server = await startServer();
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      if (databaseName) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    });

    const api = (url: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify(body),
      });

    async function startRun(url: string, actions: unknown[]): Promise<string> {
      const created = await api(url, '/api/db/playbooks', {
        name: `sandbox-${randomUUID()}`,
        source: 'UI',
        spec: { actions },
      });
      expect(created.status).toBe(201);
      const [{ id }] = (await created.json()) as [{ id: string }];
      const run = await api(url, '/api/playbook/run', { id });
      expect(run.status).toBe(201);
      return ((await run.json()) as { run_id: string }).run_id;
    }

    async function actionsOf(url: string, runId: string) {
      const response = await fetch(
        `${url}/api/db/playbook_run_actions?playbook_run_id=eq.${runId}&order=start_time`,
      );
      return (await response.json()) as {
        name: string;
        status: string;
        result: { stdout?: string; stderr?: string };
        error: string | null;
      }[];
    }

    async function finished(url: string, runId: string) {
      return waitFor(`run ${runId} to finish`, async () => {
        const response = await fetch(`${url}/api/db/playbook_runs?id=eq.${runId}&select=status`);
        const [run] = (await response.json()) as { status: string }[];
        return ['completed', 'failed'].includes(run?.status ?? '') ? run!.status : undefined;
      });
    }

    it('#2 a script looking for the server’s secrets finds none of them', async () => {
      const probes = [
        'env',
        'cat /proc/$PPID/environ /proc/1/environ | tr "\\0" "\\n"',
        'for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do echo "$f"; tr "\\0" " " < "$f"; echo; done',
        // The server's own process, as the script would name it if it could see it.
        `tr "\\0" " " < /proc/${server.process.pid}/cmdline; tr "\\0" "\\n" < /proc/${server.process.pid}/environ`,
        `ls -la ${server.dataDir}; cat ${server.dataDir}/secret.key`,
        `ls -la ${repoDir}; cat ${join(repoDir, 'package.json')}`,
        'ls -la / /tmp; cat /etc/shadow; id',
        // Descriptors: the script's own and those of the sandbox's init, with what each points at.
        'for f in /proc/$$/fd/* /proc/1/fd/*; do echo "$f $(readlink "$f")"; done; cat <&5 >&2; cat /proc/1/fd/5 >&2',
        // Ways around: links out of /tmp, /proc/self/root and /proc/1/root, devices.
        'ln -s / /tmp/up; ls /tmp/up/ /proc/self/root/ /proc/1/root/; ls /dev; echo "ppid=$PPID"',
      ];
      const runId = await startRun(
        server.url,
        probes.map((script, n) => ({ name: `probe ${n}`, if: 'always()', exec: { script } })),
      );
      await finished(server.url, runId);
      const actions = await actionsOf(server.url, runId);
      expect(actions).toHaveLength(probes.length);
      const seen = actions
        .map((action) => `${action.result.stdout}\n${action.result.stderr}`)
        .join('\n');
      expect(seen).not.toContain(secretKey);
      expect(seen).not.toContain('OPSDECK_SECRET_KEY');
      expect(seen).not.toContain('--data-dir');
      if (databaseUrl) expect(seen).not.toContain(databaseName);
      // The server's process, its data directory and the repository do not exist in the sandbox.
      const [env, , all, own, data, repo, root] = actions;
      expect(
        env!.result
          .stdout!.split('\n')
          .filter(Boolean)
          .map((line) => line.split('=')[0])
          .sort(),
      ).toEqual(expect.arrayContaining(['HOME', 'PATH']));
      expect(all!.result.stdout).not.toContain('node');
      expect(own!.result.stderr).toMatch(/No such file/);
      expect(data!.result.stderr).toMatch(/No such file/);
      expect(repo!.result.stderr).toMatch(/No such file/);
      expect(root!.result.stdout).toContain('uid=65534');
      // No descriptor of the server's (its database files, its sockets) reached the sandbox.
      const descriptors = actions[7]!.result.stdout!.trim().split('\n');
      // Only its stdin (/dev/null), stdout and stderr, the loop's own pipe, and bwrap's eventfd.
      expect(descriptors.map((line) => line.replace(/\[\d+\]/, ''))).toEqual([
        '/proc/2/fd/0 /dev/null',
        '/proc/2/fd/1 socket:',
        '/proc/2/fd/2 socket:',
        '/proc/2/fd/3 pipe:',
        '/proc/1/fd/0 /dev/null',
        '/proc/1/fd/1 socket:',
        '/proc/1/fd/2 socket:',
        '/proc/1/fd/4 anon_inode:[eventfd]',
      ]);
      // Every root a script can name is the sandbox's: /usr and the links into it, /dev, /proc, /tmp.
      const roots = actions[8]!.result.stdout!;
      expect(roots).not.toMatch(/^(home|root|var|work|opt|srv|mnt|boot)$/m);
      expect(roots).not.toMatch(/^(sda|nvme|mem|kmsg)/m);
      expect(roots).toContain('ppid=1');
    });

    it('#2 a script dies with a server killed by kill -9, its own children included', async () => {
      const own = await startServer();
      const marker = `${Math.floor(Math.random() * 1e6) + 1000}.${Math.floor(Math.random() * 1e6)}`;
      try {
        await startRun(own.url, [
          {
            name: 'linger',
            // A grandchild in a new session, out of the script's process group, and the script itself.
            exec: { script: `setsid sleep ${marker}1 & sleep ${marker}2 & wait` },
          },
        ]);
        await waitFor('the script to start', () => processesWith(`sleep\0${marker}`).length === 2);
        // Seen from the host too the script is nobody, not the server's user (root here, often).
        for (const pid of processesWith(`sleep\0${marker}`))
          expect(readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(/^Uid:\s+65534\s/m);
        process.kill(own.process.pid!, 'SIGKILL');
        // Left alone the sleeps would last hours; 5 s was not always enough for the kernel to tear
        // the sandbox down on a loaded 2-core CI machine.
        await waitFor(
          'the script to end with its server',
          () => processesWith(`sleep\0${marker}`).length === 0,
          30_000,
        );
      } finally {
        for (const pid of processesWith(`sleep\0${marker}`)) process.kill(pid, 'SIGKILL');
        await own.stop();
      }
      // It starts a second server of its own: minutes on a loaded machine.
    }, 180_000);

    it('#2 a script does not outlive its timeout, even a child that left its process group', async () => {
      const marker = `${Math.floor(Math.random() * 1e6) + 1000}.${Math.floor(Math.random() * 1e6)}`;
      try {
        const runId = await startRun(server.url, [
          {
            name: 'slow',
            timeout: '1s',
            exec: { script: `setsid sleep ${marker}1 & sleep ${marker}2` },
          },
        ]);
        expect(await finished(server.url, runId)).toBe('failed');
        const [slow] = await actionsOf(server.url, runId);
        expect(slow).toMatchObject({ status: 'failed', error: 'timed out after 1s' });
        await waitFor(
          'the script’s processes to end',
          () => processesWith(`sleep\0${marker}`).length === 0,
          5000,
        );
      } finally {
        for (const pid of processesWith(`sleep\0${marker}`)) process.kill(pid, 'SIGKILL');
      }
    });
  },
);

describe('exec without any sandbox', () => {
  it('#2 fails with a message naming bubblewrap, and runs nothing', async () => {
    const sandbox = detectSandbox({ bwrap: '/nonexistent/bwrap', root: false });
    expect(sandbox.kind).toBe('none');
    const marker = join(tmpdir(), `opsdeck-unsandboxed-${randomUUID()}`);
    const outcome = await performAction(
      { name: 'shell', exec: { script: `touch ${marker}` } },
      {
        db: undefined as never,
        execEnabled: true,
        env: {},
        signal: new AbortController().signal,
        sandbox,
      },
    );
    expect(outcome.final).toBe(true);
    expect(outcome.error).toMatch(/install bubblewrap/);
    expect(() => readFileSync(marker)).toThrow();
  });
});
