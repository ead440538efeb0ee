type Row = Record<string, unknown>;

const isRecord = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

// A subject by id column, for a row that names it there rather than in subject/subject_type.
const SUBJECT_COLUMNS = { person_id: 'person', team_id: 'team', notification_id: 'notification' };
// A row scoped to one resource names it by an id column; the CRD's object lists it by kind.
const SCOPE_COLUMNS = {
  config_id: 'configs',
  component_id: 'components',
  canary_id: 'canaries',
  playbook_id: 'playbooks',
  connection_id: 'connections',
};

/**
 * The Permission CRD spec a flattened `permissions` row holds (issue 32 §1): `subject_type` and
 * `subject` (or the person, team or notification id column) are `subject`, the comma-separated
 * `action` is `actions`, and `object_selector`, the global `object` (`{catalog: true}`) or the scope
 * id columns are `object`. A row naming no object has none, as a spec without `object` has none.
 */
export function permissionSpecOfRow(row: Row): Row {
  const subject: Row = {};
  const type = text(row.subject_type);
  if (type) subject[type] = text(row.subject) ?? '';
  for (const [column, key] of Object.entries(SUBJECT_COLUMNS)) {
    const id = text(row[column]);
    if (id && !(key in subject)) subject[key] = id;
  }
  const spec: Row = {
    subject,
    actions:
      typeof row.action === 'string'
        ? row.action
            .split(',')
            .map((verb) => verb.trim())
            .filter((verb) => verb !== '')
        : [],
  };
  if (text(row.description)) spec.description = row.description;
  if (typeof row.deny === 'boolean') spec.deny = row.deny;
  let object: Row | undefined = isRecord(row.object_selector)
    ? { ...row.object_selector }
    : undefined;
  const global = text(row.object);
  if (global) object = { ...object, [global]: true };
  for (const [column, kind] of Object.entries(SCOPE_COLUMNS)) {
    const id = text(row[column]);
    if (id) object = { ...object, [kind]: [...listOf(object?.[kind]), { id }] };
  }
  if (object) spec.object = object;
  return spec;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
