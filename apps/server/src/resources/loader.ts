import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { loadAll } from 'js-yaml';
import type { Database } from '../db/database.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../http/jsonDepth.ts';
import type { Owned } from '../services/registry.ts';
import {
  apiGroup,
  type ResourceDocument,
  type ResourceKind,
  type ResourceLoadContext,
  type ResourceOrigin,
  type ResourceWrite,
} from './kinds.ts';

/** A resources directory that cannot be loaded: every line names a file and a document. */
export class ResourceLoadError extends Error {
  override readonly name = 'ResourceLoadError';
}

/** What one load did, for the start-up log. */
export interface ResourceLoadSummary {
  dir: string;
  files: number;
  /** Per kind: how many documents created, updated and left as they were. */
  loaded: Record<string, Record<ResourceWrite, number>>;
  /** `Kind namespace/name` of rows removed because no file holds them any more. */
  removed: string[];
  /** Documents of a kind no module loads (`file#index Kind`), and documents with no kind. */
  skipped: string[];
  /**
   * Files left out whole, each with why: over a size, depth or alias-expansion limit, or a link that
   * leads out of the directory or nowhere. While any is, nothing is removed (its playbooks stay).
   */
  refused: RefusedFile[];
}

/** A file the loader left out, and why. */
export interface RefusedFile {
  file: string;
  reason: string;
}

/** One resource file at most (as an /api/db body): real resources are a few KB. */
export const MAX_RESOURCE_FILE_BYTES = 1024 * 1024;
/** How deep a document may nest, aliases expanded (as a JSON request body). */
export const MAX_RESOURCE_DEPTH = MAX_JSON_DEPTH;
/**
 * How big a file's documents may be once their aliases are expanded (a node counts one, a string
 * its length). A 614-byte YAML of nested aliases ("billion laughs") expands to gigabytes in
 * whatever walks it next (validation, JSON for the database); an honest file stays near its size.
 */
export const MAX_RESOURCE_EXPANDED_SIZE = 4 * MAX_RESOURCE_FILE_BYTES;
// js-yaml's own cap on keys copied by merge keys (`<<: *a`), which the expansion walk never sees.
const MAX_MERGE_KEYS = 1000;

/** A file over one of the limits above: left out with a log line, the rest still loads. */
class ResourceLimitError extends Error {}

const RESOURCE_FILE = /\.(ya?ml|json)$/i;
// A load with many broken documents says the first few; the rest are the same mistake, usually.
const MAX_ERRORS = 10;

/**
 * Every resource file under `dir`, recursively, in name order. Entries starting with `.` are left
 * out: a ConfigMap mounted as a volume holds each file once plus `..data` links to the same files,
 * and a checkout holds `.git`. Links are followed (that is how a ConfigMap's files appear), each
 * directory once, but only within `dir`: a link leading out of it, or to nothing, is refused.
 */
function resourceFiles(dir: string, refused: RefusedFile[]): string[] {
  const root = realpathSync(dir);
  const inside = (real: string) =>
    real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
  const seen = new Set<string>();
  const walk = (folder: string): string[] => {
    const real = realpathSync(folder);
    if (seen.has(real)) return [];
    seen.add(real);
    return readdirSync(folder)
      .filter((name) => !name.startsWith('.'))
      .sort()
      .flatMap((name) => {
        const path = join(folder, name);
        if (lstatSync(path).isSymbolicLink()) {
          let target: string;
          try {
            target = realpathSync(path);
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            const reason =
              code === 'ENOENT' ? 'a link to nothing' : `a link that cannot be followed (${code})`;
            refused.push({ file: relative(dir, path), reason });
            return [];
          }
          if (!inside(target)) {
            refused.push({ file: relative(dir, path), reason: `a link out of ${dir}` });
            return [];
          }
        }
        const stat = statSync(path);
        if (stat.isDirectory()) return walk(path);
        return stat.isFile() && RESOURCE_FILE.test(name) ? [path] : [];
      });
  };
  return walk(dir);
}

/**
 * Throws ResourceLimitError when `value`, its aliases expanded, nests deeper than
 * MAX_RESOURCE_DEPTH or is bigger than what is left of `budget.left`. Shared (aliased) nodes are
 * walked again at each use, as JSON.stringify would; a cycle (`&a [*a]`) runs into the depth cap.
 */
function checkExpansion(value: unknown, budget: { left: number }, depth = 0): void {
  budget.left -= typeof value === 'string' ? value.length + 1 : 1;
  if (budget.left < 0)
    throw new ResourceLimitError(
      `its documents expand to more than ${MAX_RESOURCE_EXPANDED_SIZE} nodes and characters (YAML aliases?)`,
    );
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_RESOURCE_DEPTH)
    throw new ResourceLimitError(`it nests deeper than ${MAX_RESOURCE_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (const item of value) checkExpansion(item, budget, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    budget.left -= key.length;
    checkExpansion(item, budget, depth + 1);
  }
}

/**
 * The documents of one file: YAML (several, `---` apart) or JSON (one, or an array of them).
 * Throws ResourceLimitError when the file is over a limit, anything else when it does not parse.
 */
function documentsOf(path: string): unknown[] {
  const size = statSync(path).size;
  if (size > MAX_RESOURCE_FILE_BYTES)
    throw new ResourceLimitError(`it is ${size} bytes, over ${MAX_RESOURCE_FILE_BYTES}`);
  const text = readFileSync(path, 'utf8');
  let documents: unknown[];
  if (/\.json$/i.test(path)) {
    if (jsonNestsDeeperThan(text, MAX_RESOURCE_DEPTH))
      throw new ResourceLimitError(`it nests deeper than ${MAX_RESOURCE_DEPTH} levels`);
    const value: unknown = JSON.parse(text);
    documents = Array.isArray(value) ? value : [value];
  } else {
    try {
      // @types/js-yaml predates these two options of js-yaml 4.3.
      documents = loadAll(text, null, {
        maxDepth: MAX_RESOURCE_DEPTH,
        maxTotalMergeKeys: MAX_MERGE_KEYS,
      } as Parameters<typeof loadAll>[2]);
    } catch (error) {
      // js-yaml's own caps (depth, merge keys, over 100 mappings in one merge) are limits too.
      const message = (error as Error).message;
      if (/exceeded max(Depth|TotalMergeKeys)|abnormal merge sequence size/.test(message))
        throw new ResourceLimitError(message.split('\n')[0]!);
      throw error;
    }
  }
  const budget = { left: MAX_RESOURCE_EXPANDED_SIZE };
  for (const document of documents) checkExpansion(document, budget);
  return documents;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Found {
  kind: Owned<ResourceKind>;
  document: ResourceDocument;
  origin: ResourceOrigin;
}

const where = (origin: ResourceOrigin) => `${origin.file} (document ${origin.index + 1})`;

/**
 * Loads every resource file under `dir` (GitOps: `--resources DIR`) with the kinds the service
 * modules declare. All documents are read and validated before anything is written; then one
 * transaction creates or updates each (source ConfigFile) and removes, softly, what an earlier load
 * made and no file holds any more. Any invalid document or unreadable file fails the whole load with
 * a ResourceLoadError naming each (file, document number, path of the error), and changes nothing.
 * Documents of kinds no module loads are skipped and listed. Loading the same files twice changes
 * nothing the second time.
 */
export async function loadResources(
  db: Database,
  dir: string,
  kinds: ReadonlyMap<string, Owned<ResourceKind>>,
): Promise<ResourceLoadSummary> {
  let files: string[];
  const refused: RefusedFile[] = [];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    files = resourceFiles(dir, refused);
  } catch (error) {
    throw new ResourceLoadError(`cannot read ${dir}: ${(error as Error).message}`);
  }
  const entries = files.map((path) => ({ path, file: relative(dir, path) }));
  return loadEntries(db, dir, entries, refused, kinds, { prune: true });
}

/**
 * Loads the given files once (`opsdeck-server apply -f FILE…`), as a directory load does, but
 * removes nothing: rows of documents the files do not hold stay as they are. A file over a limit
 * fails the whole apply, as an invalid document does: the caller asked for that file.
 */
export async function applyResourceFiles(
  db: Database,
  paths: readonly string[],
  kinds: ReadonlyMap<string, Owned<ResourceKind>>,
): Promise<ResourceLoadSummary> {
  const refused: RefusedFile[] = [];
  const entries = paths.map((path) => ({ path, file: path }));
  for (const { path } of entries) {
    let stat;
    try {
      stat = statSync(path);
    } catch (error) {
      throw new ResourceLoadError(`cannot read ${path}: ${(error as Error).message}`);
    }
    if (!stat.isFile()) throw new ResourceLoadError(`${path} is not a file`);
  }
  return loadEntries(db, '', entries, refused, kinds, { prune: false });
}

async function loadEntries(
  db: Database,
  dir: string,
  entries: readonly { path: string; file: string }[],
  refused: RefusedFile[],
  kinds: ReadonlyMap<string, Owned<ResourceKind>>,
  { prune }: { prune: boolean },
): Promise<ResourceLoadSummary> {
  const files = entries;
  const errors: string[] = [];
  const skipped: string[] = [];
  const found: Found[] = [];
  const owners = new Map<string, ResourceOrigin>();
  for (const { path, file } of files) {
    let documents: unknown[];
    try {
      documents = documentsOf(path);
    } catch (error) {
      if (error instanceof ResourceLimitError) {
        // A directory loads without it; a file named to apply is the point of the apply.
        if (prune) refused.push({ file, reason: error.message });
        else errors.push(`${file}: refused: ${error.message}`);
        continue;
      }
      errors.push(`${file}: cannot be parsed: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    documents.forEach((value, index) => {
      const origin = { file, index };
      if (value === null || value === undefined) return; // an empty document (a trailing `---`)
      if (!isObject(value) || typeof value.kind !== 'string') {
        skipped.push(`${file}#${index + 1} (no kind)`);
        return;
      }
      const kind = kinds.get(value.kind);
      const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : undefined;
      if (
        !kind ||
        (kind.declaration.apiVersion &&
          apiVersion &&
          apiGroup(apiVersion) !== apiGroup(kind.declaration.apiVersion))
      ) {
        skipped.push(`${file}#${index + 1} ${apiVersion ? `${apiVersion} ` : ''}${value.kind}`);
        return;
      }
      const metadata = isObject(value.metadata) ? value.metadata : {};
      const name = metadata.name;
      const namespace = metadata.namespace ?? 'default';
      if (typeof name !== 'string' || name.trim() === '') {
        errors.push(`${where(origin)} ${value.kind}: metadata.name is required`);
        return;
      }
      if (typeof namespace !== 'string' || namespace.trim() === '') {
        errors.push(`${where(origin)} ${value.kind} ${name}: metadata.namespace must be a name`);
        return;
      }
      const document = {
        ...value,
        kind: value.kind,
        metadata: { ...metadata, name, namespace },
      } as ResourceDocument;
      const key = `${value.kind} ${kind.declaration.identity?.(document) ?? `${namespace}/${name}`}`;
      const first = owners.get(key);
      if (first) {
        errors.push(`${where(origin)} ${key}: already defined in ${where(first)}`);
        return;
      }
      owners.set(key, origin);
      const validation = kind.declaration.validate(document);
      if (!validation.ok) {
        errors.push(`${where(origin)} ${key}: ${validation.message}`);
        return;
      }
      found.push({ kind, document, origin });
    });
  }
  if (errors.length > 0) {
    const more = errors.length > MAX_ERRORS ? ` (and ${errors.length - MAX_ERRORS} more)` : '';
    throw new ResourceLoadError(
      `${dir || files.map((entry) => entry.file).join(', ')} has ${errors.length === 1 ? 'an invalid resource' : `${errors.length} invalid resources`}: ${errors.slice(0, MAX_ERRORS).join('; ')}${more}`,
    );
  }

  // Files in name order, except that a kind's documents come after those of the kinds it names.
  const ranks = new Map<string, number>();
  const rank = (name: string, seen: readonly string[] = []): number => {
    const known = ranks.get(name);
    if (known !== undefined) return known;
    const after = kinds.get(name)?.declaration.loadsAfter ?? [];
    const value = Math.max(
      0,
      ...after
        .filter((other) => !seen.includes(other))
        .map((other) => rank(other, [...seen, name]) + 1),
    );
    ranks.set(name, value);
    return value;
  };
  found.sort((a, b) => rank(a.document.kind) - rank(b.document.kind));

  const context: ResourceLoadContext = { source: 'ConfigFile' };
  const loaded: ResourceLoadSummary['loaded'] = {};
  const removed: string[] = [];
  await db.transaction(async (tx) => {
    for (const { kind, document, origin } of found) {
      let write: ResourceWrite;
      try {
        write = await kind.declaration.load(tx, document, context);
      } catch (error) {
        const { namespace, name } = document.metadata;
        throw new ResourceLoadError(
          `${where(origin)} ${document.kind} ${namespace}/${name}: ${(error as Error).message}`,
        );
      }
      const counts = (loaded[document.kind] ??= { created: 0, updated: 0, unchanged: 0 });
      counts[write] += 1;
    }
    // Every kind a module loads is pruned, also one with no document left: emptying the directory
    // of playbooks removes the playbooks it held. Not while a file was refused: what it held is unknown.
    if (!prune || refused.length > 0) return;
    for (const [name, kind] of kinds) {
      if (!kind.declaration.prune) continue;
      const kept = found.filter((entry) => entry.kind === kind).map((entry) => entry.document);
      for (const gone of await kind.declaration.prune(tx, kept, context))
        removed.push(`${name} ${gone}`);
    }
  });
  return { dir, files: files.length, loaded, removed, skipped, refused };
}
