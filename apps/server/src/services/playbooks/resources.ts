import type { SqlRunner } from '../../db/database.ts';
import type { PlaybookSpec, ResourceSelector } from './spec.ts';

export type ResourceKind = 'config' | 'check' | 'component';

/** The resource a run acts on, as templates (`.config.name`) and CEL (`config.tags`) see it. */
export interface PlaybookResource {
  kind: ResourceKind;
  row: Record<string, unknown>;
}

const SELECTS: Record<ResourceKind, string> = {
  config: `SELECT id, name, type, config_class, status, health, ready, description, labels, tags,
             config, properties, agent_id, parent_id, scraper_id, tags->>'namespace' AS namespace,
             created_at, updated_at, deleted_at
           FROM config_items WHERE id = $1`,
  check: `SELECT id, name, type, status, namespace, description, icon, labels, severity, owner,
            canary_id, agent_id, last_runtime, created_at, updated_at, deleted_at
          FROM checks WHERE id = $1`,
  component: `SELECT id, name, type, status, health, status_reason, description, icon, owner,
                labels, properties, labels->>'namespace' AS namespace, topology_id, parent_id,
                agent_id, created_at, updated_at, deleted_at
              FROM components WHERE id = $1`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The resource row, or undefined when no such id exists. */
export async function loadResource(
  db: SqlRunner,
  kind: ResourceKind,
  id: string,
): Promise<PlaybookResource | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query(SELECTS[kind], [id]);
  return rows[0] ? { kind, row: rows[0] } : undefined;
}

const SELECTOR_KEY: Record<ResourceKind, 'configs' | 'checks' | 'components'> = {
  config: 'configs',
  check: 'checks',
  component: 'components',
};

/** The selectors a playbook declares for one kind of resource. */
export function selectorsFor(spec: PlaybookSpec, kind: ResourceKind): ResourceSelector[] {
  return spec[SELECTOR_KEY[kind]] ?? [];
}

/** Whether the spec declares any resource selector (a run then needs a resource). */
export function acceptsResources(spec: PlaybookSpec): ResourceKind[] {
  return (['config', 'check', 'component'] as const).filter(
    (kind) => selectorsFor(spec, kind).length > 0,
  );
}

// Glob with `*` (the only wildcard ResourceSelector names use); `!x` negates.
function globMatches(pattern: string, value: string): boolean {
  if (pattern.startsWith('!')) return !globMatches(pattern.slice(1), value);
  if (pattern === '*') return true;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(value);
}

function anyGlob(patterns: readonly string[], value: unknown): boolean {
  const text = value === null || value === undefined ? '' : String(value);
  const positives = patterns.filter((pattern) => !pattern.startsWith('!'));
  const negatives = patterns.filter((pattern) => pattern.startsWith('!'));
  if (negatives.some((pattern) => !globMatches(pattern, text))) return false;
  return positives.length === 0 || positives.some((pattern) => globMatches(pattern, text));
}

// `k=v,k!=v,k in (a,b),k,!k`: Kubernetes label selector syntax over a string map.
function labelSelectorMatches(selector: string, labels: Record<string, unknown>): boolean {
  const terms = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return terms.every((raw) => {
    const term = raw.trim();
    if (!term) return true;
    const set = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term);
    if (set) {
      const values = set[3]!.split(',').map((value) => value.trim());
      const present = values.includes(String(labels[set[1]!] ?? ''));
      return set[2] === 'in' ? present : !present;
    }
    const pair = /^([^!=]+?)\s*(!=|==|=)\s*(.*)$/.exec(term);
    if (pair) {
      const actual = labels[pair[1]!.trim()];
      const equal = actual !== undefined && String(actual) === pair[3]!.trim();
      return pair[2] === '!=' ? !equal : equal;
    }
    if (term.startsWith('!')) return labels[term.slice(1)] === undefined;
    return labels[term] !== undefined;
  });
}

function asMap(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

// The search mini-language: `word` (name prefix), `field=value`, `field!=value`, space-separated.
function searchMatches(search: string, row: Record<string, unknown>): boolean {
  return search
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const pair = /^([\w.]+)(!=|=)(.*)$/.exec(term);
      if (!pair) return String(row.name ?? '').startsWith(term.replace(/\*$/, ''));
      const [, field, operator, wanted] = pair;
      const path = field!.split('.');
      let value: unknown = row;
      for (const key of path) value = asMap(value)[key];
      if (value === undefined && path.length === 1) value = asMap(row.tags)[field!];
      const matches = anyGlob(wanted!.replace(/^"|"$/g, '').split(','), value);
      return operator === '=' ? matches : !matches;
    });
}

/**
 * Whether one ResourceSelector matches a resource (reference §7): every field given must match; a
 * selector with no field at all matches nothing.
 */
export function selectorMatches(selector: ResourceSelector, resource: PlaybookResource): boolean {
  const { row } = resource;
  const checks: boolean[] = [];
  if (selector.id) checks.push(selector.id === row.id);
  if (selector.name) checks.push(anyGlob(selector.name.split(','), row.name));
  if (selector.namespace) checks.push(anyGlob(selector.namespace.split(','), row.namespace));
  if (selector.types?.length) checks.push(anyGlob(selector.types, row.type));
  if (selector.statuses?.length) checks.push(anyGlob(selector.statuses, row.status));
  if (selector.health) checks.push(anyGlob(selector.health.split(','), row.health ?? row.status));
  if (selector.tagSelector)
    checks.push(labelSelectorMatches(selector.tagSelector, asMap(row.tags ?? row.labels)));
  if (selector.labelSelector)
    checks.push(labelSelectorMatches(selector.labelSelector, asMap(row.labels)));
  if (selector.fieldSelector) checks.push(labelSelectorMatches(selector.fieldSelector, row));
  if (selector.search) checks.push(searchMatches(selector.search, row));
  if (selector.agent && selector.agent !== 'all')
    checks.push(
      selector.agent === 'local'
        ? row.agent_id === '00000000-0000-0000-0000-000000000000'
        : selector.agent === row.agent_id,
    );
  if (checks.length === 0) return false;
  if (row.deleted_at && !selector.includeDeleted) return false;
  return checks.every(Boolean);
}

/**
 * Whether a playbook may run on the resource: it declares selectors for that kind and **all** of
 * them match (reference §2, `GET /playbook/list`).
 */
export function playbookMatches(spec: PlaybookSpec, resource: PlaybookResource): boolean {
  const selectors = selectorsFor(spec, resource.kind);
  return selectors.length > 0 && selectors.every((selector) => selectorMatches(selector, resource));
}
