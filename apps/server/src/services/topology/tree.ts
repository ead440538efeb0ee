import type { ReplyCache } from '../replyCache.ts';
import type { SqlRunner } from '../../db/database.ts';
import { selects, type SortBy, type TopologyParams } from './params.ts';

/** A components row as the tree reads it. */
export interface ComponentRow {
  id: string;
  topology_id: string | null;
  agent_id: string;
  external_id: string | null;
  parent_id: string | null;
  name: string;
  text: string | null;
  type: string | null;
  icon: string | null;
  owner: string | null;
  status: string;
  status_reason: string | null;
  health: string | null;
  description: string | null;
  labels: Record<string, string> | null;
  properties: Property[] | null;
  path: string | null;
  hidden: boolean;
  created_at: string;
  updated_at: string | null;
}

interface Property {
  name?: string;
  text?: string;
  value?: number;
  [key: string]: unknown;
}

type Counts = Record<string, number>;

export interface Summary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  info?: number;
  checks?: Counts;
  incidents?: Record<string, Counts>;
  insights?: Record<string, Counts>;
}

export interface TopologyNode extends Omit<ComponentRow, 'hidden' | 'properties'> {
  properties: Property[];
  health: string;
  summary: Summary;
  is_leaf: boolean;
  /** The teams that own it (team_components), by name. */
  team_names: string[];
  children: string[];
  parents: string[];
  components: TopologyNode[];
}

export interface TopologyReply {
  components: TopologyNode[];
  healthStatuses: string[];
  teams: string[];
  tags: Record<string, string[]> | null;
  types: string[];
}

/** What the shape of the tree needs of every component; the rest is read for the nodes returned. */
type SlimRow = Pick<
  ComponentRow,
  'id' | 'parent_id' | 'name' | 'text' | 'type' | 'status' | 'labels'
>;

/** What the tree is made of: the components the filters select, their links and linked counts. */
interface Estate {
  rows: Map<string, SlimRow>;
  /** Children by parent_id, then by component_relationships, in name order. */
  children: Map<string, string[]>;
  /** Parents by parent_id and by relationship. */
  parents: Map<string, string[]>;
  checks: Map<string, Counts>;
  incidents: Map<string, Record<string, Counts>>;
  insights: Map<string, Record<string, Counts>>;
  /** Team names by component, sorted. */
  teams: Map<string, string[]>;
  /** The filters' SQL condition, to read whole rows again. */
  filter: { where: string; values: unknown[] };
}

const SLIM_COLUMNS = 'id, parent_id, name, text, type, status, labels';
const COLUMNS = `id, topology_id, agent_id, external_id, parent_id, name, text, type, icon, owner, status,
  status_reason, health, description, labels, properties, path, hidden, created_at, updated_at`;

async function loadEstate(db: SqlRunner, params: TopologyParams): Promise<Estate> {
  const where = ['deleted_at IS NULL'];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (params.owner !== undefined) where.push(`owner = ${bind(params.owner)}`);
  if (params.labels) where.push(`labels @> ${bind(JSON.stringify(params.labels))}::jsonb`);
  if (params.agentId !== undefined) where.push(`agent_id = ${bind(params.agentId)}::uuid`);
  if (params.hidden === false) where.push('hidden = false');
  const [components, relationships, checks, incidents, insights, teams] = await Promise.all([
    // Every selected component, slim: reading properties and the rest of 5000 rows costs more than
    // the whole tree's arithmetic, and a reply carries only the few levels asked for. A flattened
    // reply carries most of them: read whole at once.
    db.query<SlimRow>(
      `SELECT ${params.flatten ? COLUMNS : SLIM_COLUMNS} FROM components WHERE ${where.join(' AND ')}`,
      values,
    ),
    db.query<{ component_id: string; relationship_id: string }>(
      `SELECT component_id, relationship_id FROM component_relationships
       WHERE deleted_at IS NULL ORDER BY component_id, relationship_id`,
    ),
    db.query<{ component_id: string; status: string | null; n: number }>(
      `SELECT r.component_id, c.status, count(*)::int AS n
       FROM check_component_relationships r JOIN checks c ON c.id = r.check_id
       WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL
       GROUP BY r.component_id, c.status`,
    ),
    // Open incidents: those whose evidence names the component (reference §4: resolved and closed unset).
    db.query<{ component_id: string; type: string | null; severity: string | null; n: number }>(
      `SELECT e.component_id, i.type, i.severity, count(DISTINCT i.id)::int AS n
       FROM evidences e
       JOIN hypotheses h ON h.id = e.hypothesis_id
       JOIN incidents i ON i.id = h.incident_id
       WHERE e.component_id IS NOT NULL AND i.resolved IS NULL AND i.closed IS NULL
       GROUP BY e.component_id, i.type, i.severity`,
    ),
    // Unresolved analyses of the configs linked to the component.
    db.query<{
      component_id: string;
      analysis_type: string | null;
      severity: string | null;
      n: number;
    }>(
      `SELECT r.component_id, a.analysis_type, a.severity, count(*)::int AS n
       FROM config_component_relationships r JOIN config_analysis a ON a.config_id = r.config_id
       WHERE r.deleted_at IS NULL AND coalesce(a.status, '') <> 'resolved'
       GROUP BY r.component_id, a.analysis_type, a.severity`,
    ),
    db.query<{ component_id: string; name: string }>(
      `SELECT DISTINCT tc.component_id, t.name
       FROM team_components tc JOIN teams t ON t.id = tc.team_id
       WHERE t.deleted_at IS NULL AND t.name <> ''
       ORDER BY tc.component_id, t.name`,
    ),
  ]);

  const rows = new Map(components.rows.map((row) => [row.id, row]));
  const children = new Map<string, string[]>();
  const parents = new Map<string, string[]>();
  const link = (parent: string, child: string) => {
    if (!rows.has(parent) || !rows.has(child) || parent === child) return;
    const list = children.get(parent) ?? [];
    if (list.includes(child)) return;
    list.push(child);
    children.set(parent, list);
    parents.set(child, [...(parents.get(child) ?? []), parent]);
  };
  for (const row of components.rows) if (row.parent_id) link(row.parent_id, row.id);
  for (const { component_id, relationship_id } of relationships.rows)
    link(component_id, relationship_id);
  const byName = (a: string, b: string) => compareRows(rows.get(a)!, rows.get(b)!);
  for (const list of children.values()) list.sort(byName);

  const checkCounts = new Map<string, Counts>();
  for (const { component_id, status, n } of checks.rows) {
    const counts = checkCounts.get(component_id) ?? {};
    counts[status ?? 'unknown'] = (counts[status ?? 'unknown'] ?? 0) + n;
    checkCounts.set(component_id, counts);
  }
  const nested = (list: { component_id: string; key: string; severity: string; n: number }[]) => {
    const result = new Map<string, Record<string, Counts>>();
    for (const { component_id, key, severity, n } of list) {
      const byKey = result.get(component_id) ?? {};
      const counts = (byKey[key] ??= {});
      counts[severity] = (counts[severity] ?? 0) + n;
      result.set(component_id, byKey);
    }
    return result;
  };
  const teamNames = new Map<string, string[]>();
  for (const { component_id, name } of teams.rows)
    teamNames.set(component_id, [...(teamNames.get(component_id) ?? []), name]);
  return {
    teams: teamNames,
    filter: { where: where.join(' AND '), values },
    rows,
    children,
    parents,
    checks: checkCounts,
    incidents: nested(
      incidents.rows.map((row) => ({
        component_id: row.component_id,
        key: row.type ?? 'other',
        severity: row.severity ?? 'unknown',
        n: row.n,
      })),
    ),
    insights: nested(
      insights.rows.map((row) => ({
        component_id: row.component_id,
        key: row.analysis_type ?? 'other',
        severity: row.severity ?? 'unknown',
        n: row.n,
      })),
    ),
  };
}

function compareRows(a: SlimRow, b: SlimRow): number {
  return compareText(a.text || a.name, b.text || b.name) || compareText(a.id, b.id);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What selects the estate (the rest of a request is applied to it in memory). */
const estateKey = (params: TopologyParams) =>
  JSON.stringify([params.owner, params.labels, params.agentId, params.hidden, params.flatten]);

/**
 * The component tree of reference §4 for one request. With `estates`, the components and their
 * linked counts are reused across requests for its window: a filter, a sort or a component page
 * opened right after the dashboard reads no estate again.
 */
export async function queryTopology(
  db: SqlRunner,
  params: TopologyParams,
  estates?: ReplyCache,
): Promise<TopologyReply> {
  const estate = estates
    ? await estates.get(estateKey(params), () => loadEstate(db, params))
    : await loadEstate(db, params);

  // The selection: every component, or the one asked for and what lies below it.
  let selected: string[];
  if (params.id !== undefined) {
    if (!estate.rows.has(params.id)) return emptyReply();
    const seen = new Set([params.id]);
    const queue = [params.id];
    while (queue.length > 0)
      for (const child of estate.children.get(queue.shift()!) ?? [])
        if (!seen.has(child)) {
          seen.add(child);
          queue.push(child);
        }
    selected = [...seen];
  } else {
    selected = [...estate.rows.keys()];
  }
  // The filters' option lists describe the selection before the type and status filters.
  const meta = describe(
    selected.map((id) => estate.rows.get(id)!),
    selected.flatMap((id) => estate.teams.get(id) ?? []),
  );

  // The type filter comes before the tree is built: a component of another type breaks its branch.
  const inGraph = new Set(selected.filter((id) => selects(params.type, estate.rows.get(id)!.type)));
  const childrenOf = (id: string) =>
    (estate.children.get(id) ?? []).filter((child) => inGraph.has(child));

  const summaries = new Map<string, { summary: Summary; status: string }>();
  const inProgress = new Set<string>();
  const rollUp = (id: string): { summary: Summary; status: string } => {
    const known = summaries.get(id);
    if (known) return known;
    const row = estate.rows.get(id)!;
    inProgress.add(id);
    const summary: Summary = {};
    const children = childrenOf(id);
    if (children.length === 0) {
      add(summary, stateOf(row.status), 1);
    } else {
      for (const child of children) {
        // A relationship cycle: the child that is still being summed counts by its own status.
        if (inProgress.has(child)) {
          add(summary, stateOf(estate.rows.get(child)!.status), 1);
          continue;
        }
        const rolled = rollUp(child);
        add(summary, stateOf(rolled.status), 1);
        mergeLinked(summary, rolled.summary);
      }
    }
    mergeLinked(summary, {
      checks: estate.checks.get(id),
      incidents: estate.incidents.get(id),
      insights: estate.insights.get(id),
    });
    const result = { summary, status: children.length === 0 ? row.status : statusOf(summary, row) };
    inProgress.delete(id);
    summaries.set(id, result);
    return result;
  };

  // The nodes the reply will carry, read whole.
  const shown = new Map<string, number>(); // id → the shallowest level it is drawn at
  const walk = (id: string, level: number) => {
    if ((shown.get(id) ?? Infinity) <= level) return;
    shown.set(id, level);
    if (level < params.depth && !params.flatten)
      for (const child of childrenOf(id)) walk(child, level + 1);
  };
  let roots: string[];
  if (params.flatten) roots = [...inGraph];
  else if (params.id !== undefined) roots = inGraph.has(params.id) ? [params.id] : [];
  else roots = [...inGraph].filter((id) => estate.rows.get(id)!.parent_id === null);
  roots.sort((a, b) => compareRows(estate.rows.get(a)!, estate.rows.get(b)!));
  for (const id of roots) walk(id, 1);
  const details = new Map<string, ComponentRow>();
  const ids = [...shown.keys()];
  // A few hundred by id; a good part of the estate (a flattened type) by the filters again.
  const { rows: whole } = params.flatten
    ? { rows: [...estate.rows.values()] as ComponentRow[] }
    : ids.length > 1000
      ? await db.query<ComponentRow>(
          `SELECT ${COLUMNS} FROM components WHERE ${estate.filter.where}`,
          estate.filter.values,
        )
      : await db.query<ComponentRow>(
          `SELECT ${COLUMNS} FROM components WHERE id = ANY($1::uuid[])`,
          [ids],
        );
  for (const row of whole) if (shown.has(row.id)) details.set(row.id, row);

  const node = (id: string, level: number): TopologyNode => {
    const { hidden: _hidden, ...row } = details.get(id)!;
    const children = childrenOf(id);
    const { summary, status } = rollUp(id);
    return {
      ...row,
      labels: row.labels ?? null,
      properties: row.properties ?? [],
      status,
      health: healthOf(status),
      summary,
      is_leaf: children.length === 0,
      team_names: estate.teams.get(id) ?? [],
      children,
      parents: (estate.parents.get(id) ?? []).filter((parent) => inGraph.has(parent)),
      components:
        level < params.depth && !params.flatten
          ? children.map((child) => node(child, level + 1))
          : [],
    };
  };

  const passes = (component: TopologyNode) =>
    selects(params.status, component.status) &&
    (params.team === undefined || component.team_names.includes(params.team)) &&
    !(params.hidePassing && component.status === 'healthy');

  let components = roots.map((id) => node(id, 1));

  // The status filter applies to the roots (not to the component asked for) and their direct children.
  if (params.id === undefined || params.flatten) components = components.filter(passes);
  for (const component of components) component.components = component.components.filter(passes);

  const sort = params.sortBy;
  if (sort) {
    const target =
      components.length === 1 && params.id !== undefined ? components[0]!.components : components;
    target.sort(comparator(sort, params.sortOrder));
  }
  return { components, ...meta };
}

function emptyReply(): TopologyReply {
  return { components: [], healthStatuses: [], teams: [], tags: null, types: [] };
}

function describe(rows: SlimRow[], teamNames: string[]): Omit<TopologyReply, 'components'> {
  const statuses = new Set<string>();
  const types = new Set<string>();
  const tags = new Map<string, Set<string>>();
  for (const row of rows) {
    statuses.add(row.status);
    if (row.type) types.add(row.type);
    for (const [key, value] of Object.entries(row.labels ?? {})) {
      const values = tags.get(key) ?? new Set<string>();
      values.add(String(value));
      tags.set(key, values);
    }
  }
  const sorted = (values: Iterable<string>) => [...values].sort(compareText);
  return {
    healthStatuses: sorted(statuses),
    teams: sorted(new Set(teamNames)),
    tags:
      tags.size === 0
        ? null
        : Object.fromEntries(
            sorted(tags.keys()).map((key) => [key, sorted(tags.get(key) ?? [])] as const),
          ),
    types: sorted(types),
  };
}

type State = 'healthy' | 'unhealthy' | 'warning' | 'info';

function stateOf(status: string): State | undefined {
  if (status === 'healthy' || status === 'unhealthy' || status === 'warning' || status === 'info')
    return status;
  if (status === 'error') return 'unhealthy';
  return undefined;
}

function add(summary: Summary, state: State | undefined, n: number) {
  if (state) summary[state] = (summary[state] ?? 0) + n;
}

function mergeLinked(into: Summary, from: Pick<Summary, 'checks' | 'incidents' | 'insights'>) {
  if (from.checks) into.checks = mergeCounts(into.checks ?? {}, from.checks);
  for (const key of ['incidents', 'insights'] as const) {
    const source = from[key];
    if (!source) continue;
    const target = (into[key] ??= {});
    for (const [kind, counts] of Object.entries(source))
      target[kind] = mergeCounts(target[kind] ?? {}, counts);
  }
}

function mergeCounts(into: Counts, from: Counts): Counts {
  const result = { ...into };
  for (const [key, n] of Object.entries(from)) result[key] = (result[key] ?? 0) + n;
  return result;
}

/** A parent's status from its children: mixed healthy and unhealthy is a warning. */
function statusOf(summary: Summary, row: SlimRow): string {
  const unhealthy = summary.unhealthy ?? 0;
  const healthy = summary.healthy ?? 0;
  const warning = summary.warning ?? 0;
  if (unhealthy > 0) return healthy > 0 || warning > 0 ? 'warning' : 'unhealthy';
  if (warning > 0) return 'warning';
  if (healthy > 0) return 'healthy';
  return row.status;
}

function healthOf(status: string): string {
  if (status === 'error') return 'unhealthy';
  if (status === 'healthy' || status === 'unhealthy' || status === 'warning') return status;
  return 'unknown';
}

const STATUS_RANK: Record<string, number> = {
  healthy: 0,
  info: 1,
  warning: 2,
  unhealthy: 3,
  error: 4,
};

function comparator(sort: SortBy, order: 'asc' | 'desc') {
  const direction = order === 'desc' ? -1 : 1;
  const byName = (a: TopologyNode, b: TopologyNode) =>
    compareText(a.text || a.name, b.text || b.name) || compareText(a.id, b.id);
  if (sort.kind === 'name') return (a: TopologyNode, b: TopologyNode) => direction * byName(a, b);
  if (sort.kind === 'type')
    return (a: TopologyNode, b: TopologyNode) =>
      direction * (compareText(a.type ?? '', b.type ?? '') || byName(a, b));
  if (sort.kind !== 'field')
    return (a: TopologyNode, b: TopologyNode) =>
      direction * ((STATUS_RANK[a.status] ?? -1) - (STATUS_RANK[b.status] ?? -1)) || byName(a, b);
  const property = sort.property;
  // Zero or empty values go last whatever the order (reference §4).
  const valueOf = (node: TopologyNode): number | string | undefined => {
    const found = node.properties.find((candidate) => candidate.name === property);
    if (!found) return undefined;
    if (typeof found.value === 'number' && found.value !== 0) return found.value;
    if (typeof found.text === 'string' && found.text !== '') return found.text;
    return undefined;
  };
  return (a: TopologyNode, b: TopologyNode) => {
    const left = valueOf(a);
    const right = valueOf(b);
    if (left === undefined || right === undefined)
      return left === right ? byName(a, b) : left === undefined ? 1 : -1;
    const compared =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : compareText(String(left), String(right));
    return direction * compared || byName(a, b);
  };
}
