import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_DIR_LOCK_FILE,
  DataDirLockedError,
  lockDataDir,
  processStartTime,
} from './dataDirLock.ts';
import { bundleForTest } from '../testing/bundle.ts';

let scratch = '';
let bundleDir = '';
let count = 0;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'opsdeck-lock-'));
  // Other processes take the lock through the same code, bundled (it has no dependencies).
  bundleDir = bundleForTest('src/db/dataDirLock.ts', 'datadir-lock-test', false);
}, 60_000);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

function freshDir() {
  count += 1;
  return join(scratch, `dir-${count}`);
}

function writeLock(dir: string, holder: Record<string, unknown> | string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, DATA_DIR_LOCK_FILE),
    typeof holder === 'string' ? holder : JSON.stringify(holder),
  );
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

async function refusal(dir: string): Promise<DataDirLockedError> {
  const error = await lockDataDir(dir).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DataDirLockedError);
  return error as DataDirLockedError;
}

describe('lockDataDir', () => {
  it('refuses a second open of the same directory, in this process too, and frees it on release', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    expect((await refusal(dir)).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
    (await lockDataDir(dir)).release();
  });

  it('takes over the lock of a process that died', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid(), token: 'old' });
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    lock.release();
  });

  it('takes over a lock naming our own pid that this process never took (a restarted container)', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.pid, token: 'previous-run' });
    (await lockDataDir(dir)).release();
  });

  it.runIf(processStartTime(process.pid))(
    'tells a live holder from another process that got its pid later',
    async () => {
      const parent = process.ppid;
      const dir = freshDir();
      writeLock(dir, { pid: parent, started: processStartTime(parent), token: 'live' });
      expect((await refusal(dir)).pid).toBe(parent);
      writeLock(dir, { pid: parent, started: '1', token: 'reused' });
      (await lockDataDir(dir)).release();
    },
  );

  it('waits out a lock file being written, and breaks an unreadable one left long ago', async () => {
    const dir = freshDir();
    writeLock(dir, '');
    expect((await refusal(dir)).pid).toBeUndefined();
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, DATA_DIR_LOCK_FILE), old, old);
    (await lockDataDir(dir)).release();
  });

  it('lets exactly one of several processes racing for a stale lock have it', async () => {
    // Each waits for the same instant (spinning the last stretch) so that they collide.
    const script = `import { lockDataDir } from ${JSON.stringify(join(bundleDir, 'dataDirLock.js'))};
      const at = Number(process.argv[2]);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() - 20)));
      while (Date.now() < at);
      try { await lockDataDir(process.argv[1]); console.log('won'); setTimeout(() => {}, 500); }
      catch (error) { console.log(error.dir ? 'refused' : String(error)); }`;
    for (let round = 0; round < 2; round += 1) {
      const dir = freshDir();
      writeLock(dir, { pid: deadPid(), token: 'stale' });
      const at = Date.now() + 1000;
      const outputs = await Promise.all(
        [0, 1, 2, 3].map(
          () =>
            new Promise<string>((resolve) => {
              const child = spawn(
                process.execPath,
                ['--input-type=module', '-e', script, dir, String(at)],
                { stdio: ['ignore', 'pipe', 'inherit'] },
              );
              let out = '';
              child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
              child.once('exit', () => resolve(out.trim()));
            }),
        ),
      );
      expect(outputs.sort()).toEqual(['refused', 'refused', 'refused', 'won']);
    }
  }, 60_000);
});
