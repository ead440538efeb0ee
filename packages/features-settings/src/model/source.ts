// Resource source values (settings §3): 'UI' (or none) is editable here; ConfigFile, kubernetes…,
// component/{id} and catalog-created sources are read-only and link to where the record comes from.

export type ResourceSource = { editable: true } | { editable: false; label: string; href?: string };

export function resourceSourceOf(source: string | null | undefined): ResourceSource {
  if (!source || source === 'UI') return { editable: true };
  if (source === 'ConfigFile') return { editable: false, label: 'a resource file (ConfigFile)' };
  if (source.toLowerCase().startsWith('kubernetes'))
    return { editable: false, label: `Kubernetes (${source})` };
  const slash = source.indexOf('/');
  const id = slash >= 0 ? source.slice(slash + 1) : '';
  if (source.startsWith('component') && id)
    return { editable: false, label: 'the component that created it', href: `/topology/${id}` };
  if (id)
    return { editable: false, label: 'the catalog item that created it', href: `/catalog/${id}` };
  return { editable: false, label: source };
}
