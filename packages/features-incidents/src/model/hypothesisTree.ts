import type { Hypothesis } from '@opsdeck/api-client/incidents';

// The detail reply's hypotheses come back flat; the page draws them as root → factor → solution
// from `parent_id` (reference §1 "detail").

export interface HypothesisNode {
  hypothesis: Hypothesis;
  children: HypothesisNode[];
}

const typeOrder: Readonly<Record<string, number>> = { root: 0, factor: 1, solution: 2 };

function byTypeThenAge(a: Hypothesis, b: Hypothesis): number {
  const type = (typeOrder[a.type ?? ''] ?? 3) - (typeOrder[b.type ?? ''] ?? 3);
  if (type !== 0) return type;
  return (a.created_at ?? '').localeCompare(b.created_at ?? '');
}

/**
 * The forest of hypotheses: a hypothesis whose parent is absent (deleted, or never set) is a root
 * of its own, so nothing the backend sent is hidden. A cycle in bad data is cut where it closes.
 */
export function buildHypothesisTree(hypotheses: readonly Hypothesis[]): HypothesisNode[] {
  const ids = new Set(hypotheses.map((h) => h.id));
  const childrenOf = new Map<string, Hypothesis[]>();
  const roots: Hypothesis[] = [];
  for (const hypothesis of hypotheses) {
    const parent = hypothesis.parent_id;
    if (parent && parent !== hypothesis.id && ids.has(parent)) {
      const list = childrenOf.get(parent) ?? [];
      list.push(hypothesis);
      childrenOf.set(parent, list);
    } else {
      roots.push(hypothesis);
    }
  }
  const seen = new Set<string>();
  const grow = (hypothesis: Hypothesis): HypothesisNode => {
    seen.add(hypothesis.id);
    const children = (childrenOf.get(hypothesis.id) ?? [])
      .filter((child) => !seen.has(child.id))
      .sort(byTypeThenAge)
      .map(grow);
    return { hypothesis, children };
  };
  const forest = roots.sort(byTypeThenAge).map(grow);
  // Members of a parent cycle have no root: show them at the top rather than lose them.
  for (const hypothesis of hypotheses) {
    if (!seen.has(hypothesis.id)) forest.push(grow(hypothesis));
  }
  return forest;
}
