import { applyPatch, parsePatch, reversePatch, structuredPatch, type StructuredPatch } from 'diff';

// A change's diff as people read it (issue 16 "Diffs that a person can read"): the unified diff
// the backend stores, parsed by jsdiff into hunks of numbered lines, with fields that change on
// every scrape (resourceVersion, managedFields...) marked as noise so the view can hide them.

export type DiffLineKind = 'context' | 'add' | 'remove';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  oldNumber?: number;
  newNumber?: number;
  /** A line of a noise field: hidden unless the reader asks for every line. */
  noise: boolean;
}

export interface DiffHunk {
  header: string;
  lines: DiffLine[];
}

/** Fields whose own line is noise: they move on every write, not when someone changed something. */
const noiseFields = new Set([
  'resourceVersion',
  'generation',
  'observedGeneration',
  'lastHeartbeatTime',
  'lastProbeTime',
  'lastUpdateTime',
]);
/** Fields whose whole subtree is noise. */
const noiseBlocks = new Set(['managedFields']);

// `key:` in YAML (also after a list dash) or `"key":` in JSON.
const KEY = /^(\s*)(?:-\s+)?"?([A-Za-z0-9_.\-/]+)"?\s*:/;

// The same, with the key's column: what precedes it (indent and a list dash) is group 1.
const KEY_AT = /^(\s*(?:-\s+)?"?)([A-Za-z0-9_.\-/]+)"?\s*:/;

/** The fields of a Kubernetes managedFields entry (ManagedFieldsEntry). */
const managedEntryKeys = new Set([
  'apiVersion',
  'fieldsType',
  'fieldsV1',
  'manager',
  'operation',
  'subresource',
  'time',
]);

/**
 * A hunk that starts inside managedFields has no `managedFields:` line to go by; its entries are
 * known by their own shape: `manager` and `operation` side by side. The columns where both are.
 */
function managedEntryColumns(lines: readonly DiffLine[]): Set<number> {
  const seen = new Map<number, Set<string>>();
  for (const line of lines) {
    const match = KEY_AT.exec(line.text);
    if (!match || (match[2] !== 'manager' && match[2] !== 'operation')) continue;
    const column = match[1]!.length;
    seen.set(column, (seen.get(column) ?? new Set()).add(match[2]));
  }
  return new Set([...seen].filter(([, keys]) => keys.size === 2).map(([column]) => column));
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

/**
 * Marks noise lines in place, hunk by hunk. A block field (managedFields) makes every following
 * line indented deeper than it (or a YAML list item at its own indent) noise until the next
 * line at its level.
 */
function markNoise(lines: DiffLine[]): void {
  const entryColumns = managedEntryColumns(lines);
  let blockIndent: number | null = null;
  for (const line of lines) {
    const trimmed = line.text.trimStart();
    const indent = indentOf(line.text);
    const entryKey = KEY_AT.exec(line.text);
    if (entryKey && entryColumns.has(entryKey[1]!.length) && managedEntryKeys.has(entryKey[2]!)) {
      // A field of a managedFields entry whose `managedFields:` line is above the hunk.
      line.noise = true;
      if (entryKey[2] === 'fieldsV1') blockIndent = indent;
      continue;
    }
    if (blockIndent !== null) {
      const inside =
        trimmed === '' ||
        indent > blockIndent ||
        (indent === blockIndent && (trimmed.startsWith('- ') || /^[\]}],?$/.test(trimmed)));
      if (inside) {
        line.noise = true;
        continue;
      }
      blockIndent = null;
    }
    const key = KEY.exec(line.text)?.[2];
    if (key && noiseBlocks.has(key)) {
      line.noise = true;
      blockIndent = indent;
    } else if (key && noiseFields.has(key)) {
      line.noise = true;
    }
  }
}

function hunksOf(patch: StructuredPatch): DiffHunk[] {
  return patch.hunks.map((hunk) => {
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    const lines: DiffLine[] = [];
    for (const raw of hunk.lines) {
      const mark = raw.charAt(0);
      const text = raw.slice(1);
      if (mark === '+') lines.push({ kind: 'add', text, newNumber: newNumber++, noise: false });
      else if (mark === '-')
        lines.push({ kind: 'remove', text, oldNumber: oldNumber++, noise: false });
      else if (mark === ' ')
        lines.push({
          kind: 'context',
          text,
          oldNumber: oldNumber++,
          newNumber: newNumber++,
          noise: false,
        });
      // '\ No newline at end of file' carries nothing to show.
    }
    markNoise(lines);
    return {
      header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      lines,
    };
  });
}

/** The hunks of a unified diff (one file; the backend's diffs are of one config). Never throws. */
export function parseUnifiedDiff(text: string | null | undefined): DiffHunk[] {
  if (!text?.trim()) return [];
  try {
    return parsePatch(text).flatMap(hunksOf);
  } catch {
    return [];
  }
}

/** The diff between two texts, in the same shape (for comparing two versions). */
export function diffTexts(before: string, after: string): DiffHunk[] {
  return hunksOf(
    structuredPatch('before', 'after', before, after, undefined, undefined, { context: 3 }),
  );
}

/**
 * Without noise: noise additions and removals go; a hunk left with no change goes with them.
 * Context lines stay so the remaining changes still read in place.
 */
export function withoutNoise(hunks: readonly DiffHunk[]): DiffHunk[] {
  return hunks.flatMap((hunk) => {
    const lines = hunk.lines.filter((line) => line.kind === 'context' || !line.noise);
    return lines.some((line) => line.kind !== 'context') ? [{ ...hunk, lines }] : [];
  });
}

/** How many added and removed lines are noise: the toggle says what it would show. */
export function countNoise(hunks: readonly DiffHunk[]): number {
  return hunks.reduce(
    (sum, hunk) => sum + hunk.lines.filter((line) => line.kind !== 'context' && line.noise).length,
    0,
  );
}

export interface DiffStats {
  added: number;
  removed: number;
}

export function diffStats(hunks: readonly DiffHunk[]): DiffStats {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.kind === 'add') added++;
      else if (line.kind === 'remove') removed++;
    }
  }
  return { added, removed };
}

export interface SideBySideRow {
  left?: DiffLine;
  right?: DiffLine;
}

/** A hunk as two columns: context on both sides, each run of removals beside the additions after it. */
export function sideBySide(hunk: DiffHunk): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    for (let index = 0; index < Math.max(removed.length, added.length); index++) {
      rows.push({ left: removed[index], right: added[index] });
    }
    removed = [];
    added = [];
  };
  for (const line of hunk.lines) {
    if (line.kind === 'remove') {
      if (added.length > 0) flush();
      removed.push(line);
    } else if (line.kind === 'add') added.push(line);
    else {
      flush();
      rows.push({ left: line, right: line });
    }
  }
  flush();
  return rows;
}

export interface RecordedDiff {
  id: string;
  created_at?: string | null;
  diff?: string | null;
}

export interface ConfigVersion {
  /** The change that produced this version, or `earliest` for the oldest one rebuilt. */
  id: string;
  /** When that change was recorded (null for the earliest). */
  createdAt: string | null;
  text: string;
}

/**
 * Versions of a config from its current text and its diffs (newest first), newest first: each
 * diff applied backwards gives the version before it. Version k is the one change k produced.
 * Stops at the first diff that does not apply (a diff of another rendering of the config, or a
 * gap in the history) and returns what was rebuilt until then.
 */
export function rebuildVersions(current: string, diffs: readonly RecordedDiff[]): ConfigVersion[] {
  const changes = diffs.filter((change) => Boolean(change.diff?.trim()));
  const texts = [current];
  for (const change of changes) {
    let before: string | false;
    try {
      const [patch] = parsePatch(change.diff!);
      before = patch ? applyPatch(texts.at(-1)!, reversePatch(patch), { fuzzFactor: 0 }) : false;
    } catch {
      before = false;
    }
    if (before === false) break;
    texts.push(before);
  }
  return texts.map((text, index) => {
    const producer = changes[index];
    return producer
      ? { id: producer.id, createdAt: producer.created_at ?? null, text }
      : { id: 'earliest', createdAt: null, text };
  });
}
