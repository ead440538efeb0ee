import {
  maxRelationshipDepth,
  type RelatedConfig,
  type RelatedConfigsQuery,
  type RelationDirection,
} from '@opsdeck/api-client/catalog';

// The relationships sub-page's graph: rows of related_configs_recursive laid out in columns by
// their distance from the config, capped so a 2,000-node estate stays responsive (issue 16).

export interface GraphNode {
  id: string;
  name: string;
  type: string | null;
  health: string | null;
  /** Hops from the config along related_ids (0 for the config itself). */
  level: number;
  column: number;
  row: number;
}

export interface GraphEdge {
  from: string;
  to: string;
}

export interface RelationshipGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Nodes left out by the cap. */
  hidden: number;
  columns: number;
  rows: number;
}

/** What the relationships sub-page's URL asks for: `direction`, `soft`, `depth` and `view`. */
export interface RelationshipsView {
  direction: RelationDirection;
  soft: boolean;
  depth: number;
  view: 'graph' | 'list';
}

export function relationshipsViewOf(params: URLSearchParams): RelationshipsView {
  const direction = params.get('direction');
  const depth = Number(params.get('depth'));
  return {
    direction: direction === 'incoming' || direction === 'all' ? direction : 'outgoing',
    soft: params.get('soft') === 'true',
    depth:
      Number.isInteger(depth) && depth >= 1 && depth <= maxRelationshipDepth
        ? depth
        : maxRelationshipDepth,
    view: params.get('view') === 'list' ? 'list' : 'graph',
  };
}

/** The walk the sub-page reads (and the config page starts beside the config's own request). */
export function relatedQueryOf(configId: string, view: RelationshipsView): RelatedConfigsQuery {
  return { configId, direction: view.direction, soft: view.soft, maxDepth: view.depth };
}

/** How many nodes the graph draws at first; "Show more" adds as many again. */
export const graphNodeStep = 60;

/** Distance of every reachable row from the config, treating related_ids as undirected edges. */
export function levelsFrom(configId: string, rows: readonly RelatedConfig[]): Map<string, number> {
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  const known = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    for (const other of row.related_ids) {
      if (!known.has(other) || other === row.id) continue;
      link(row.id, other);
      link(other, row.id);
    }
  }
  const levels = new Map<string, number>([[configId, 0]]);
  const queue = [configId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const next of neighbours.get(id) ?? []) {
      if (!levels.has(next)) {
        levels.set(next, levels.get(id)! + 1);
        queue.push(next);
      }
    }
  }
  // Rows the rpc returned without a path back (parents along `path`) sit one step away.
  for (const row of rows) if (!levels.has(row.id)) levels.set(row.id, 1);
  return levels;
}

/** The first `limit` nodes, nearest first, in columns by level, and the edges between them. */
export function layoutGraph(
  configId: string,
  rows: readonly RelatedConfig[],
  limit: number,
): RelationshipGraph {
  const levels = levelsFrom(configId, rows);
  // Breadth-first discovery order (the map's insertion order) keeps children near their parent.
  const discovered = new Map([...levels.keys()].map((id, index) => [id, index]));
  const ordered = [...rows].sort(
    (a, b) =>
      levels.get(a.id)! - levels.get(b.id)! || discovered.get(a.id)! - discovered.get(b.id)!,
  );
  const shown = ordered.slice(0, limit);
  const ids = new Set(shown.map((row) => row.id));
  const perColumn = new Map<number, number>();
  const nodes = shown.map((row): GraphNode => {
    const level = levels.get(row.id)!;
    const index = perColumn.get(level) ?? 0;
    perColumn.set(level, index + 1);
    return {
      id: row.id,
      name: row.name ?? row.id,
      type: row.type ?? null,
      health: row.health ?? null,
      level,
      column: level,
      row: index,
    };
  });
  const seen = new Set<string>();
  const edges: GraphEdge[] = [];
  for (const row of shown) {
    for (const other of row.related_ids) {
      if (!ids.has(other) || other === row.id) continue;
      const key = [row.id, other].sort().join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ from: other, to: row.id });
    }
  }
  return {
    nodes,
    edges,
    hidden: rows.length - shown.length,
    columns: Math.max(0, ...nodes.map((node) => node.column)) + 1,
    rows: Math.max(0, ...perColumn.values()),
  };
}

export type Relation = 'self' | 'parent' | 'child' | 'related';

/**
 * How a row relates to the config: an ancestor along the config's `path` is a parent, a row
 * whose `path` runs through the config is a child, anything else is related.
 */
export function relationOf(
  config: { id: string; path?: string | null },
  row: RelatedConfig,
): Relation {
  if (row.id === config.id) return 'self';
  const ancestors = (config.path ?? '').split('.').filter(Boolean);
  if (ancestors.includes(row.id)) return 'parent';
  if ((row.path ?? '').split('.').includes(config.id)) return 'child';
  return 'related';
}
