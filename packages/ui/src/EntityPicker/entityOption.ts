// How a config, component or check reads in a picker: its name, and beside it what tells it apart
// from others of that name — its type as a path, its namespace and cluster, or its parent's path.
import { formatTypePath } from '../format/typePath.ts';
import type { ComboboxOption } from '../Combobox/comboboxItems.ts';

export interface EntityDescription {
  id: string;
  name: string;
  /** `Kubernetes::Deployment`, shown `Kubernetes › Deployment`. */
  type?: string | null;
  namespace?: string | null;
  cluster?: string | null;
  /** Where it sits when it has no namespace (a component's parents, `shop › checkout`). */
  parentPath?: string | null;
}

/** What sets an entity apart, on one line: `Kubernetes › Deployment · payments · prod-eu`. */
export function entityDetail(entity: Omit<EntityDescription, 'id' | 'name'>): string {
  const where = [entity.namespace, entity.cluster].filter((part): part is string => !!part);
  return [
    formatTypePath(entity.type),
    ...(where.length > 0 ? where : entity.parentPath ? [entity.parentPath] : []),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

export function entityOption(entity: EntityDescription): ComboboxOption {
  const detail = entityDetail(entity);
  return { id: entity.id, label: entity.name, ...(detail ? { detail } : {}) };
}
