import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
  fsyncSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The file in a PGlite data directory that says which process has it open (PostgreSQL's own
 * postmaster.pid plays this part for a real server).
 */
export const DATA_DIR_LOCK_FILE = 'opsdeck-server.lock';

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    /** The holder's pid, when its lock file says. */
    readonly pid?: number,
  ) {
    super(`the data directory ${dir} is in use by another process${pid ? ` (pid ${pid})` : ''}`);
  }
}

export interface DataDirLock {
  readonly dir: string;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

interface Holder {
  pid?: number;
  /** The holder's start time as the kernel counts it, to tell a reused pid from the holder. */
  started?: string;
  token?: string;
}

// A lock file younger than this with no readable holder is one being written right now.
const UNWRITTEN_GRACE_MS = 5_000;
// Breaking a stale lock takes a few synchronous calls; a break file this old was left by a kill.
const BREAK_STALE_MS = 10_000;
const ATTEMPTS = 50;

// Lock files this process holds: a second open in the same process is refused like any other.
const heldHere = new Set<string>();

/** The start time of a process (field 22 of /proc/<pid>/stat) on Linux, else undefined. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Holder;
    return typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock file's content names a process that still holds it. */
export function holderAlive(
  path: string,
  text: string,
  modifiedMs: number,
  now = Date.now(),
): boolean {
  const holder = parseHolder(text);
  if (!holder?.pid) return now - modifiedMs < UNWRITTEN_GRACE_MS;
  // Our pid in a lock we never took: a previous run of ours (a restarted container gets the same pid).
  if (holder.pid === process.pid) return heldHere.has(path);
  if (!isRunning(holder.pid)) return false;
  const started = processStartTime(holder.pid);
  return !(holder.started && started && started !== holder.started);
}

function readLock(path: string): { text: string; modifiedMs: number; ino: number } | undefined {
  try {
    const stat = statSync(path);
    return { text: readFileSync(path, 'utf8'), modifiedMs: stat.mtimeMs, ino: stat.ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function unlinkIfPresent(path: string) {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes a stale lock file, under a break file of its own so two starters never both remove it:
 * without it, one could delete the fresh lock the other had just taken.
 */
function breakStale(path: string, stale: { text: string; ino: number }) {
  const breakPath = `${path}.break`;
  let fd: number;
  try {
    fd = openSync(breakPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const left = readLock(breakPath);
    if (left && Date.now() - left.modifiedMs > BREAK_STALE_MS) unlinkIfPresent(breakPath);
    return;
  }
  try {
    const now = readLock(path);
    if (now && now.ino === stale.ino && now.text === stale.text) unlinkSync(path);
  } finally {
    closeSync(fd);
    unlinkIfPresent(breakPath);
  }
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming the live holder.
 * The lock is a file created with O_EXCL holding our pid; one left by a process that died (kill -9,
 * a crash, a power cut) is recognised by its pid no longer running and taken over.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const path = join(resolve(dir), DATA_DIR_LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const content = `${JSON.stringify({ pid: process.pid, started: processStartTime(process.pid), token })}\n`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let fd: number | undefined;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, content);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      heldHere.add(path);
      return {
        dir,
        release() {
          heldHere.delete(path);
          const current = readLock(path);
          if (current && parseHolder(current.text)?.token === token) unlinkIfPresent(path);
        },
      };
    }
    const existing = readLock(path);
    if (!existing) continue;
    if (holderAlive(path, existing.text, existing.modifiedMs))
      throw new DataDirLockedError(dir, parseHolder(existing.text)?.pid);
    breakStale(path, existing);
    await sleep(attempt < 5 ? 5 : 50);
  }
  throw new DataDirLockedError(dir);
}
