import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadAll } from 'js-yaml';
import type { Database } from '../db/database.ts';
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
}

const RESOURCE_FILE = /\.(ya?ml|json)$/i;
// A load with many broken documents says the first few; the rest are the same mistake, usually.
const MAX_ERRORS = 10;

/**
 * Every resource file under `dir`, recursively, in name order. Entries starting with `.` are left
 * out: a ConfigMap mounted as a volume holds each file once plus `..data` links to the same files,
 * and a checkout holds `.git`. Links are followed (that is how a ConfigMap's files appear), each
 * directory once.
 */
function resourceFiles(dir: string): string[] {
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
        const stat = statSync(path);
        if (stat.isDirectory()) return walk(path);
        return stat.isFile() && RESOURCE_FILE.test(name) ? [path] : [];
      });
  };
  return walk(dir);
}

/** The documents of one file: YAML (several, `---` apart) or JSON (one, or an array of them). */
function documentsOf(path: string, text: string): unknown[] {
  if (/\.json$/i.test(path)) {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [value];
  }
  return loadAll(text);
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
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    files = resourceFiles(dir);
  } catch (error) {
    throw new ResourceLoadError(`cannot read ${dir}: ${(error as Error).message}`);
  }
  const errors: string[] = [];
  const skipped: string[] = [];
  const found: Found[] = [];
  const owners = new Map<string, ResourceOrigin>();
  for (const path of files) {
    const file = relative(dir, path);
    let documents: unknown[];
    try {
      documents = documentsOf(path, readFileSync(path, 'utf8'));
    } catch (error) {
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
      const key = `${value.kind} ${namespace}/${name}`;
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
      `${dir} has ${errors.length === 1 ? 'an invalid resource' : `${errors.length} invalid resources`}: ${errors.slice(0, MAX_ERRORS).join('; ')}${more}`,
    );
  }

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
    // of playbooks removes the playbooks it held.
    for (const [name, kind] of kinds) {
      if (!kind.declaration.prune) continue;
      const kept = found.filter((entry) => entry.kind === kind).map((entry) => entry.document);
      for (const gone of await kind.declaration.prune(tx, kept, context))
        removed.push(`${name} ${gone}`);
    }
  });
  return { dir, files: files.length, loaded, removed, skipped };
}
