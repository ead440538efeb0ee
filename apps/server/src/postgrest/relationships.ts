import type { Catalog, CatalogRelation, ForeignKey } from './catalog.ts';
import { PostgrestError } from './errors.ts';

/**
 * How an embedded resource joins its parent, found from foreign keys as PostgREST finds them:
 * - many-to-one: the parent holds the key (`checks.canary_id -> canaries`), embedded as an object;
 * - one-to-many: the child holds it (`canaries <- checks.canary_id`), embedded as an array, or as an
 *   object when the child's key columns are unique (one-to-one);
 * - many-to-many: a junction table whose primary key includes keys to both sides, as an array.
 */
export type Relationship =
  | { kind: 'many-to-one'; target: string; fk: ForeignKey }
  | { kind: 'one-to-many'; target: string; fk: ForeignKey; oneToOne: boolean }
  | {
      kind: 'many-to-many';
      target: string;
      junction: string;
      sourceFk: ForeignKey;
      targetFk: ForeignKey;
    };

export function isToOne(relationship: Relationship): boolean {
  return (
    relationship.kind === 'many-to-one' ||
    (relationship.kind === 'one-to-many' && relationship.oneToOne)
  );
}

function hasUniqueKey(relation: CatalogRelation | undefined, columns: readonly string[]): boolean {
  if (!relation) return false;
  return relation.uniqueKeys.some(
    (key) => key.length === columns.length && key.every((column) => columns.includes(column)),
  );
}

function describe(source: string, relationship: Relationship): string {
  switch (relationship.kind) {
    case 'many-to-one':
      return `${source} -> ${relationship.target} using ${relationship.fk.name}(${relationship.fk.columns.join(',')})`;
    case 'one-to-many':
      return `${source} <- ${relationship.target} using ${relationship.fk.name}(${relationship.fk.columns.join(',')})`;
    case 'many-to-many':
      return `${source} <-> ${relationship.target} through ${relationship.junction} using ${relationship.sourceFk.name}, ${relationship.targetFk.name}`;
  }
}

/** Every relationship from `source` to any relation. */
function allRelationships(catalog: Catalog, source: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of catalog.foreignKeys) {
    if (fk.table === source) out.push({ kind: 'many-to-one', target: fk.foreignTable, fk });
    if (fk.foreignTable === source) {
      out.push({
        kind: 'one-to-many',
        target: fk.table,
        fk,
        oneToOne: hasUniqueKey(catalog.relations.get(fk.table), fk.columns),
      });
    }
  }
  // Junctions: tables (not views) with a key to `source` and another key, both inside the primary key.
  for (const sourceFk of catalog.foreignKeys) {
    if (sourceFk.foreignTable !== source) continue;
    const junction = catalog.relations.get(sourceFk.table);
    if (!junction || junction.kind !== 'table' || junction.primaryKey.length === 0) continue;
    const inKey = (fk: ForeignKey) =>
      fk.columns.every((column) => junction.primaryKey.includes(column));
    if (!inKey(sourceFk)) continue;
    for (const targetFk of catalog.foreignKeys) {
      if (targetFk === sourceFk || targetFk.table !== junction.name || !inKey(targetFk)) continue;
      out.push({
        kind: 'many-to-many',
        target: targetFk.foreignTable,
        junction: junction.name,
        sourceFk,
        targetFk,
      });
    }
  }
  return out;
}

function matchesHint(relationship: Relationship, hint: string): boolean {
  switch (relationship.kind) {
    case 'many-to-one':
    case 'one-to-many':
      return (
        relationship.fk.name === hint ||
        (relationship.fk.columns.length === 1 && relationship.fk.columns[0] === hint) ||
        (relationship.fk.foreignColumns.length === 1 && relationship.fk.foreignColumns[0] === hint)
      );
    case 'many-to-many':
      return (
        relationship.junction === hint ||
        relationship.sourceFk.name === hint ||
        relationship.targetFk.name === hint
      );
  }
}

/**
 * The one relationship `source -> name!hint` means. `name` is a relation, a foreign key column of
 * `source` (`agent:agent_id(...)`) or a foreign key name. None is a 400 (PGRST200); several are a 300
 * (PGRST201) listing them, as PostgREST answers.
 */
export function findRelationship(
  catalog: Catalog,
  source: string,
  name: string,
  hint: string | undefined,
): Relationship {
  const every = allRelationships(catalog, source);
  let candidates: Relationship[];
  if (catalog.relations.has(name)) {
    candidates = every.filter((relationship) => relationship.target === name);
  } else {
    candidates = every.filter(
      (relationship) =>
        relationship.kind !== 'many-to-many' &&
        ((relationship.kind === 'many-to-one' &&
          relationship.fk.columns.length === 1 &&
          relationship.fk.columns[0] === name) ||
          relationship.fk.name === name),
    );
  }
  if (hint !== undefined)
    candidates = candidates.filter((relationship) => matchesHint(relationship, hint));
  // A view derived from a table repeats the table's key under the same name; one per (kind, target, key) is enough.
  const seen = new Set<string>();
  candidates = candidates.filter((relationship) => {
    const key = describe(source, relationship);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Friendlier than PostgREST where it would be ambiguous: a declared key beats one derived for a view
  // (`agent_id` means agents, not agents_summary), and a direct key beats a junction table.
  const declared = candidates.filter((relationship) => !isDerived(relationship));
  if (declared.length > 0) candidates = declared;
  const direct = candidates.filter((relationship) => relationship.kind !== 'many-to-many');
  if (direct.length > 0) candidates = direct;
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  if (candidates.length === 0) {
    throw new PostgrestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${catalog.schema}', but no matches were found.`,
      'Perhaps you meant a different relation, or a foreign key hint (relation!fkey_name).',
    );
  }
  throw new PostgrestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source}' and '${name}'`,
    candidates.map((relationship) => describe(source, relationship)).join('; '),
    `Try changing '${name}' to one of the foreign key names, e.g. '${name}!${hintFor(candidates[0])}'.`,
  );
}

function isDerived(relationship: Relationship): boolean {
  return relationship.kind === 'many-to-many'
    ? Boolean(relationship.sourceFk.derived || relationship.targetFk.derived)
    : Boolean(relationship.fk.derived);
}

function hintFor(relationship: Relationship | undefined): string {
  if (!relationship) return '';
  return relationship.kind === 'many-to-many' ? relationship.junction : relationship.fk.name;
}
