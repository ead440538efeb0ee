// The change stream's scale-out bench (issue 32): three server processes on one PostgreSQL behind a
// loopback round-robin proxy, BENCH_STREAMS (200) event streams spread over them, and
// BENCH_STREAM_WRITES (300) writes sent through the proxy, so through every instance. Prints change →
// delivery p50/p95 (the event's database time to its arrival), events lost and duplicated over all
// streams (target 0 and 0), and each instance's memory with the streams open against idle.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresDatabase } from '../db/database.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const WRITES = Number(process.env.BENCH_STREAM_WRITES ?? 300);
const INSTANCES = 3;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function startInstance(url: string): Promise<{ child: ChildProcess; url: string }> {
  const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.js');
  const child = spawn(
    process.execPath,
    [cli, '--database-url', url, '--port', '0', '--seed', 'none', '--auth', 'disabled'],
    {
      env: {
        ...process.env,
        OPSDECK_ADMIN_EMAIL: 'admin@local',
        OPSDECK_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffer += chunk;
      for (const line of buffer.split('\n')) {
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'listening' && entry.url) resolve({ child, url: entry.url });
        } catch {
          // A partial line: wait for the rest.
        }
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    });
    child.once('exit', (code) => reject(new Error(`an instance exited with ${code}`)));
  });
}

/** A loopback proxy handing each request to the next instance in turn. */
function roundRobin(targets: string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(targets[next++ % targets.length]!);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

interface Stream {
  names: string[];
  request: http.ClientRequest;
}

function openStream(url: string, delays: number[]): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { names: [], request: undefined as unknown as http.ClientRequest };
    stream.request = http.get(`${url}/api/events`, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('retry:')) resolve(stream);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!block.startsWith('event: change') || !data) continue;
          const event = JSON.parse(data) as { table: string; ids: string[] | null; at: string };
          if (event.table !== 'properties') continue;
          for (const name of event.ids ?? []) {
            if (!name.startsWith('bench.stream.')) continue;
            stream.names.push(name);
            delays.push(Date.now() - new Date(event.at).getTime());
          }
        }
      });
      response.on('error', () => undefined);
    });
    stream.request.on('error', reject);
  });
}

export async function streamSection(report: (line: string) => void): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base || STREAMS <= 0) {
    report('change stream: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL)');
    return;
  }
  const name = `opsdeck_bench_${randomBytes(6).toString('hex')}`;
  const admin = await PostgresDatabase.open({ url: base, max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const instances: { child: ChildProcess; url: string }[] = [];
  const streams: Stream[] = [];
  let proxy: { url: string; close(): Promise<void> } | undefined;
  try {
    // One migrates first (the start lock), then the others.
    instances.push(await startInstance(url.toString()));
    for (let i = 1; i < INSTANCES; i += 1) instances.push(await startInstance(url.toString()));
    proxy = await roundRobin(instances.map((instance) => instance.url));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = instances.map((instance) => rssMegabytes(instance.child.pid!));
    const delays: number[] = [];
    for (let i = 0; i < STREAMS; i += 1) streams.push(await openStream(proxy.url, delays));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const open = instances.map((instance) => rssMegabytes(instance.child.pid!));
    const started = performance.now();
    for (let i = 0; i < WRITES; i += 1) {
      const response = await fetch(`${proxy.url}/api/db/properties`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify({ name: `bench.stream.${i}`, value: 'x' }),
      });
      if (response.status !== 201) throw new Error(`a write answered ${response.status}`);
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const expected = STREAMS * WRITES;
    const deadline = Date.now() + 30_000;
    while (delays.length < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const loaded = instances.map((instance) => rssMegabytes(instance.child.pid!));
    let lost = 0;
    let duplicated = 0;
    for (const stream of streams) {
      const unique = new Set(stream.names);
      lost += WRITES - unique.size;
      duplicated += stream.names.length - unique.size;
    }
    report(
      `change stream: ${INSTANCES} instances on one PostgreSQL, ${STREAMS} streams, ${WRITES} writes in ${writeSeconds.toFixed(1)} s through a round-robin proxy: change → delivery p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms; lost ${lost}, duplicated ${duplicated} (target 0 and 0)`,
    );
    const above = (values: number[]) =>
      values.reduce((sum, mb, i) => sum + (mb - idle[i]!), 0).toFixed(1);
    report(
      `change stream memory (RSS) above idle over the ${INSTANCES} instances: +${above(open)} MB with the ${STREAMS} streams open, +${above(loaded)} MB after the writes; per instance after the writes: ${loaded
        .map(
          (mb, i) =>
            `+${(mb - idle[i]!).toFixed(1)} MB (${idle[i]!.toFixed(0)} → ${mb.toFixed(0)})`,
        )
        .join(', ')} (target <= 50 MB above idle)`,
    );
    // The numbers above depend on what else the machine runs: say how loaded it was.
    report(
      `change stream machine: ${availableParallelism()} cores, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min) at the end`,
    );
  } finally {
    for (const stream of streams) stream.request.destroy();
    await proxy?.close();
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(
      instances.map((instance) =>
        instance.child.exitCode === null
          ? new Promise((resolve) => instance.child.once('exit', resolve))
          : undefined,
      ),
    );
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}
