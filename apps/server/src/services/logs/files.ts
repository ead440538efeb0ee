import { constants } from 'node:fs';
import { access, open, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import type { LogFilter } from './filters.ts';
import type { LogResult, LogsReply } from './serverLogQuery.ts';

/** Limits of the file backend: it reads the ends of a few files, never a whole disk. */
export interface FileLimits {
  /** Bytes read from the end of each file. */
  tailBytes: number;
  /** A longer line is cut to this many characters. */
  lineChars: number;
  /** Files read by one query that names none. */
  files: number;
}

export const DEFAULT_FILE_LIMITS: FileLimits = {
  tailBytes: 4 * 1024 * 1024,
  lineChars: 16 * 1024,
  files: 20,
};

const forbiddenPath = (message: string) => new ApiError(403, 'forbidden', message);

/**
 * The directories a log backend's spec allows (`file: {path}` or `file: {paths: [...]}`), each an
 * absolute path; anything else in the spec is a 400 naming it.
 */
export function allowedDirectories(backend: string, spec: unknown): string[] {
  const file = (spec as { file?: unknown } | null)?.file;
  if (!file || typeof file !== 'object')
    throw badRequest(`log backend ${backend} has no file spec`);
  const { path, paths } = file as { path?: unknown; paths?: unknown };
  const listed = [
    ...(path === undefined ? [] : [path]),
    ...(paths === undefined ? [] : Array.isArray(paths) ? paths : [paths]),
  ];
  if (listed.length === 0) throw badRequest(`log backend ${backend}: file.path names no directory`);
  for (const entry of listed)
    if (typeof entry !== 'string' || !isAbsolute(entry) || entry.includes('\0'))
      throw badRequest(`log backend ${backend}: file.path must be absolute directories`);
  return listed as string[];
}

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
}

/**
 * The real path of `name` under one of `roots`: a relative path with no `..`, which, links
 * followed, is a regular file inside that directory. Every way out is a 403 saying so.
 */
export async function resolveLogFile(roots: readonly string[], name: string): Promise<string> {
  if (name.includes('\0')) throw badRequest('labels.file: not a file name');
  if (isAbsolute(name) || /^[\\/]/.test(name))
    throw forbiddenPath(
      `labels.file: ${name} is absolute; name a file inside the backend's directories`,
    );
  if (name.split(/[\\/]/).includes('..'))
    throw forbiddenPath(`labels.file: ${name} leaves the backend's directories`);
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => undefined);
    if (!realRoot) continue;
    const real = await realpath(join(realRoot, name)).catch(() => undefined);
    if (!real) continue;
    if (!inside(realRoot, real) || real === realRoot)
      throw forbiddenPath(`labels.file: ${name} leads outside the backend's directories`);
    return real;
  }
  throw notFound(`labels.file: ${name} is not a file in the backend's directories`);
}

/** The regular files directly in `roots` (links into the directory allowed), newest first. */
async function listLogFiles(roots: readonly string[], limit: number): Promise<string[]> {
  const found: Array<{ path: string; mtime: number }> = [];
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => undefined);
    if (!realRoot) continue;
    const entries = await readdir(realRoot).catch(() => [] as string[]);
    for (const entry of entries.sort()) {
      if (entry.startsWith('.')) continue;
      const real: string | undefined = await realpath(join(realRoot, entry)).catch(() => undefined);
      if (!real || !inside(realRoot, real) || real === realRoot) continue;
      const info = await stat(real).catch(() => undefined);
      // A file the server may not read (a host's auth log) is left out of a listing.
      const readable = await access(real, constants.R_OK).then(
        () => true,
        () => false,
      );
      if (info?.isFile() && readable) found.push({ path: real, mtime: info.mtimeMs });
    }
  }
  return found
    .sort((a, b) => b.mtime - a.mtime)
    .slice(0, limit)
    .map((file) => file.path);
}

/**
 * The last `tailBytes` of a regular file, as lines. Opened read-only, not following a link swapped
 * in after the path was checked, and without blocking on a FIFO; anything but a regular file is
 * refused.
 */
async function tailLines(
  path: string,
  limits: FileLimits,
): Promise<{ lines: string[]; mtime: Date }> {
  const handle = await open(
    path,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  ).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP'
      ? forbiddenPath('a log file became a link while it was read')
      : error.code === 'EACCES'
        ? forbiddenPath(`the server may not read ${path}`)
        : notFound(`cannot open the log file: ${error.code ?? error.message}`);
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw forbiddenPath('only regular files are read');
    const length = Math.min(info.size, limits.tailBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(
        buffer,
        read,
        length - read,
        info.size - length + read,
      );
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const lines = buffer.subarray(0, read).toString('utf8').split(/\r?\n/);
    // A tail that starts mid-file starts mid-line: the partial first line is dropped.
    if (length < info.size) lines.shift();
    return {
      lines: lines
        .filter((line) => line.trim() !== '')
        .map((line) =>
          line.length > limits.lineChars ? `${line.slice(0, limits.lineChars)}…` : line,
        ),
      mtime: info.mtime,
    };
  } finally {
    await handle.close();
  }
}

const LEADING_TIME =
  /^\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)/;
const LEVEL_WORD = /\b(fatal|error|err|warning|warn|info|debug|trace)\b/i;
const LEVELS: Record<string, string> = { err: 'error', warning: 'warn' };

/** A line's time and level: a JSON line's `time`/`timestamp`/`level`, or a leading ISO time and a level word. */
function readLine(line: string, fallback: Date): { at: Date; level: string; message: string } {
  if (line.startsWith('{')) {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      const time = entry.time ?? entry.timestamp ?? entry.ts;
      const at = typeof time === 'string' || typeof time === 'number' ? new Date(time) : fallback;
      const level = typeof entry.level === 'string' ? entry.level.toLowerCase() : 'info';
      return {
        at: Number.isNaN(at.getTime()) ? fallback : at,
        level: LEVELS[level] ?? level,
        message: line,
      };
    } catch {
      // Not JSON after all: read as text.
    }
  }
  const time = LEADING_TIME.exec(line)?.[1];
  const at = time ? new Date(time.replace(' ', 'T').replace(',', '.')) : fallback;
  const word = LEVEL_WORD.exec(line.slice(0, 200))?.[1]?.toLowerCase();
  return {
    at: Number.isNaN(at.getTime()) ? fallback : at,
    level: word ? (LEVELS[word] ?? word) : 'info',
    message: line,
  };
}

/**
 * The lines of the backend's files matching `filter`, newest first: the file `labels.file` names,
 * or the newest files of its directories. A line without a time of its own takes its file's.
 */
export async function queryLogFiles(
  roots: readonly string[],
  file: string | undefined,
  filter: LogFilter,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<LogsReply> {
  const paths = file
    ? [await resolveLogFile(roots, file)]
    : await listLogFiles(roots, limits.files);
  const realRoots = (
    await Promise.all(roots.map((root) => realpath(root).catch(() => undefined)))
  ).filter((root): root is string => root !== undefined);
  const text = filter.text?.toLowerCase();
  const matches: Array<LogResult & { order: number }> = [];
  for (const path of paths) {
    const { lines, mtime } = await tailLines(path, limits);
    const root = realRoots.find((candidate) => inside(candidate, path)) ?? '';
    const name = relative(root, path);
    lines.forEach((line, index) => {
      const { at, level, message } = readLine(line, mtime);
      if (at < filter.start || at > filter.end) return;
      if (filter.levels && !filter.levels.includes(level)) return;
      if (text && !message.toLowerCase().includes(text)) return;
      const labels: Record<string, string> = { file: name, level };
      for (const [key, value] of Object.entries(filter.labels)) if (labels[key] !== value) return;
      matches.push({
        id: `${name}:${index + 1}`,
        timestamp: at.toISOString(),
        message,
        labels,
        order: index,
      });
    });
  }
  matches.sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.order - a.order);
  let offset = 0;
  if (filter.page) {
    offset = Number(filter.page);
    if (!/^\d{1,9}$/.test(filter.page))
      throw badRequest('labels.page: not a page of this log (use the nextPage of a reply)');
  }
  const page = matches.slice(offset, offset + filter.limit);
  return {
    total: matches.length,
    results: page.map(({ order: _order, ...result }) => result),
    nextPage: offset + filter.limit < matches.length ? String(offset + filter.limit) : '',
  };
}
