import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { SECRET_KEY_FILE } from '../services/playbooks/secrets.ts';
import { DATA_DIR_LOCK_FILE } from './dataDirLock.ts';

/** The data directory, or something in it, belongs to another user: we refuse to run on it. */
export class DataDirOwnerError extends Error {
  constructor(
    readonly path: string,
    readonly uid: number,
  ) {
    super(
      `${path} belongs to uid ${uid}, not to this user (uid ${process.getuid?.()}): start the server as its owner, or give it a data directory of its own`,
    );
  }
}

/** The directory holds other things than a database: it is not one to open, nor to narrow. */
export class DataDirContentError extends Error {
  constructor(readonly path: string) {
    super(
      `${path} is neither empty nor a data directory (no PG_VERSION): give the server a directory of its own`,
    );
  }
}

// What says a directory holds a PostgreSQL database, also one whose first initdb was cut short.
const DATABASE_FILES = new Set(['PG_VERSION', 'base', 'global', 'pg_wal']);
// What this server puts in a data directory besides PGlite's files, e.g. before a first open finished.
const OUR_FILES = new Set([DATA_DIR_LOCK_FILE, `${DATA_DIR_LOCK_FILE}.break`, SECRET_KEY_FILE]);

// PostgreSQL's own rule for a data directory (0700, files 0600): no other user reads the database
// files (identities, sessions, secret.key) nor edits pg_hba.conf or a relation under the server.
const DIR_MODE = 0o700;
// Files keep their owner's bits and lose the group's and others'.
const FILE_MODE_MASK = 0o700;

/** What securing a data directory changed, for the start-up log. */
export interface DataDirRepair {
  /** How many files and directories had their mode narrowed. */
  repaired: number;
}

const ownUid = () => process.getuid?.();

function checkOwner(path: string, stat: Stats) {
  const uid = ownUid();
  if (uid !== undefined && stat.uid !== uid) throw new DataDirOwnerError(path, stat.uid);
}

/**
 * Makes `dir` (created when missing) owner-only: the directory and every directory under it 0700,
 * every file without group or other bits (0600). PGlite (PostgreSQL on Emscripten's file system) creates its files 0666 whatever
 * the umask, so this runs before it opens the directory and again once it has (initdb writes ~1000
 * files on the first start). Links are left alone, never followed. Throws DataDirOwnerError when
 * the directory or anything in it belongs to another user: a directory someone else controls could
 * be read or changed under us, and one we only share we must not take.
 */
export function secureDataDir(dir: string): DataDirRepair {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  // Only a database's directory is narrowed: `--data-dir /tmp` or a home directory by mistake must
  // not become owner-only.
  const names = readdirSync(dir);
  if (!names.some((name) => DATABASE_FILES.has(name)) && names.some((name) => !OUR_FILES.has(name)))
    throw new DataDirContentError(dir);
  let repaired = 0;
  const narrow = (path: string, stat: Stats, mode: number) => {
    checkOwner(path, stat);
    if ((stat.mode & 0o777) !== mode) {
      chmodSync(path, mode);
      repaired += 1;
    }
  };
  const walk = (folder: string, stat: Stats) => {
    narrow(folder, stat, DIR_MODE);
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const entry = lstatSync(path);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(path, entry);
      // The owner's own bits stay as they are (a read-only file stays read-only).
      else narrow(path, entry, entry.mode & FILE_MODE_MASK);
    }
  };
  // A data directory given as a link is its target's; only links inside it are left alone.
  walk(dir, statSync(dir));
  return { repaired };
}
