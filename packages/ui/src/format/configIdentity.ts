// How a config or component is told apart from others of the same name, wherever one is listed or
// picked: its type as one readable path and where it lives (namespace, cluster).

import { formatTypePath } from './typePath.ts';

/** A config type as a readable path: `Kubernetes::Deployment` → `Kubernetes › Deployment` (one spelling: formatTypePath). */
export const formatConfigType = formatTypePath;

export interface ConfigPlaceSource {
  namespace?: string | null;
  tags?: Readonly<Record<string, unknown>> | null;
  labels?: Readonly<Record<string, unknown>> | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : '');

/**
 * Where a config lives, `namespace · cluster`, from its namespace column or its tags (scrapers tag
 * `namespace` and `cluster`); '' when it says neither.
 */
export function configPlace(source: ConfigPlaceSource): string {
  const namespace =
    text(source.namespace) || text(source.tags?.namespace) || text(source.labels?.namespace);
  const cluster = text(source.tags?.cluster) || text(source.labels?.cluster);
  return [namespace, cluster].filter(Boolean).join(' · ');
}
