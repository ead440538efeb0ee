import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { withStartLock } from '../db/startLock.ts';
import type { Logger } from '../http/logging.ts';
import type { Owned } from '../services/registry.ts';
import type { ResourceKind } from './kinds.ts';
import { loadResources, ResourceLoadError, type ResourceLoadSummary } from './loader.ts';

/** How long the files must be still before a reload: an editor's save is several events. */
export const RESOURCE_RELOAD_DEBOUNCE_MILLIS = 300;

export interface ResourceWatcher {
  /** Resolves once no reload runs and none will start. */
  close(): Promise<void>;
}

export interface ResourceWatchOptions {
  log: Logger;
  debounceMillis?: number;
  /** Told after every reload, loaded or refused (tests wait on it). */
  onReload?(outcome: { summary?: ResourceLoadSummary; error?: Error }): void;
}

/**
 * Reloads `dir` whenever something under it changes (GitOps without a restart): the whole
 * directory is watched, so an editor's rename-on-save, a new file, a removed one and a ConfigMap's
 * `..data` swap are all seen. Changes are gathered for `debounceMillis`, then one load runs (under
 * the start lock, so instances sharing a PostgreSQL take turns); a change during a load starts
 * another after it. A load that fails is logged and changes nothing: the records stay as the last
 * good load left them.
 */
export function watchResources(
  db: Database,
  dir: string,
  kinds: ReadonlyMap<string, Owned<ResourceKind>>,
  options: ResourceWatchOptions,
): ResourceWatcher {
  const { log } = options;
  const debounce = options.debounceMillis ?? RESOURCE_RELOAD_DEBOUNCE_MILLIS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const reload = async (): Promise<{ summary?: ResourceLoadSummary; error?: Error }> => {
    try {
      const summary = await withStartLock(db, () => loadResources(db, dir, kinds));
      for (const { file, reason } of summary.refused)
        log({ level: 'warn', msg: 'resource file skipped', dir, file, reason });
      log({ msg: 'resources reloaded', ...summary });
      return { summary };
    } catch (caught) {
      const error = caught as Error;
      log({
        level: 'error',
        msg: 'resources not reloaded: the records stay as they were',
        dir,
        error:
          error instanceof ResourceLoadError
            ? error.message
            : `cannot load the resources from ${dir}: ${error.message}`,
      });
      return { error };
    }
  };
  const run = () => {
    timer = undefined;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = reload().then((outcome) => {
      running = undefined;
      // A folder made or removed since: watched, or no longer.
      follow();
      options.onReload?.(outcome);
      if (again && !closed) {
        again = false;
        run();
      }
    });
  };
  const changed = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, debounce);
  };

  // One watcher per directory (set up at once, unlike a recursive one, which misses what changes
  // while it starts), kept in step with the tree after every reload.
  const watchers = new Map<string, FSWatcher>();
  const follow = () => {
    if (closed) return;
    const wanted = new Set(directoriesUnder(dir));
    for (const [folder, watcher] of watchers)
      if (!wanted.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    for (const folder of wanted) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, { persistent: false }, changed);
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
      } catch (error) {
        log({
          level: 'error',
          msg: 'cannot watch a resources folder: it reloads with the others only',
          dir: folder,
          error: (error as Error).message,
        });
      }
    }
  };
  follow();

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      await running;
    },
  };
}

// `dir` and every folder under it, as the loader walks them (names starting with `.` left out).
function directoriesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return [
    dir,
    ...entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .flatMap((entry) => directoriesUnder(join(dir, entry.name))),
  ];
}
