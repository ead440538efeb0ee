// Where a config or component lives (namespace, cluster), so it is told apart from others of the same
// name wherever one is listed or picked; its type path is formatTypePath (typePath.ts).

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
