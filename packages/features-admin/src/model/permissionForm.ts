import type { Permission, PermissionWrite } from '@opsdeck/api-client/admin';

// The Add/Edit Permission modal's values (settings §3 Permission, §4 "Permission editor", §6).

export const subjectKinds = ['team', 'person', 'notification'] as const;
export type SubjectKind = (typeof subjectKinds)[number];
export const subjectLabels: Record<SubjectKind, string> = {
  team: 'Team',
  person: 'Person',
  notification: 'Notification',
};

export const resourceKinds = ['catalog', 'component', 'connection', 'playbook', 'global'] as const;
export type ResourceKind = (typeof resourceKinds)[number];
export const resourceLabels: Record<ResourceKind, string> = {
  catalog: 'Catalog',
  component: 'Component',
  connection: 'Connection',
  playbook: 'Playbook',
  global: 'Global',
};

/** Settings §6 "Permission editor values". */
export const permissionActions = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
  'playbook:run',
  'playbook:approve',
] as const;

/** Settings §6: the global objects a permission may name. */
export const globalObjects = [
  'canaries',
  'catalog',
  'incident',
  'people',
  'topology',
  'playbooks',
  'connection',
  'connection-detail',
  'agent-push',
  'kubernetes-proxy',
  'notification',
  'rbac',
  'logs',
  'agent',
  'artifact',
] as const;

const subjectColumns = {
  team: 'team_id',
  person: 'person_id',
  notification: 'notification_id',
} as const;
const resourceColumns = {
  catalog: 'config_id',
  component: 'component_id',
  connection: 'connection_id',
  playbook: 'playbook_id',
} as const;

/** An id picked in the editor, with the name it showed (so an edited row reads back its names). */
export interface Picked {
  id: string;
  name: string;
}

export interface PermissionFormValues {
  subjectKind: SubjectKind;
  team_id: Picked | null;
  person_id: Picked | null;
  notification_id: Picked | null;
  resourceKind: ResourceKind;
  config_id: Picked | null;
  component_id: Picked | null;
  connection_id: Picked | null;
  playbook_id: Picked | null;
  object: string;
  action: string;
  deny: boolean;
  /** `yyyy-MM-ddTHH:mm` as a datetime-local field holds it, or ''. */
  until: string;
  description: string;
}

export const emptyPermission: PermissionFormValues = {
  subjectKind: 'team',
  team_id: null,
  person_id: null,
  notification_id: null,
  resourceKind: 'catalog',
  config_id: null,
  component_id: null,
  connection_id: null,
  playbook_id: null,
  object: '',
  action: 'read',
  deny: false,
  until: '',
  description: '',
};

/** Settings §4: the subject switch keeps the chosen kind's id and clears the other two. */
export function switchSubject(
  values: PermissionFormValues,
  kind: SubjectKind,
): PermissionFormValues {
  const next = { ...values, subjectKind: kind };
  for (const other of subjectKinds) if (other !== kind) next[subjectColumns[other]] = null;
  return next;
}

/** Settings §4: the resource switch clears every resource id and the object. */
export function switchResource(
  values: PermissionFormValues,
  kind: ResourceKind,
): PermissionFormValues {
  return {
    ...values,
    resourceKind: kind,
    config_id: null,
    component_id: null,
    connection_id: null,
    playbook_id: null,
    object: '',
  };
}

/** What the form misses before it can be saved, by field. */
export function permissionErrors(values: PermissionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values[subjectColumns[values.subjectKind]])
    errors[subjectColumns[values.subjectKind]] = `Pick a ${values.subjectKind}`;
  if (values.resourceKind === 'global') {
    if (!values.object) errors.object = 'Pick an object';
  } else if (!values[resourceColumns[values.resourceKind]]) {
    errors[resourceColumns[values.resourceKind]] = `Pick a ${values.resourceKind}`;
  }
  if (!values.action) errors.action = 'Pick an action';
  if (values.until && Number.isNaN(new Date(values.until).getTime()))
    errors.until = 'Not a date and time';
  return errors;
}

/** The row the form writes: its subject and one resource, every other id column null. */
export function permissionWriteOf(values: PermissionFormValues): PermissionWrite {
  const subject = values[subjectColumns[values.subjectKind]];
  const resource =
    values.resourceKind === 'global' ? null : values[resourceColumns[values.resourceKind]];
  const idOf = (kind: ResourceKind) =>
    values.resourceKind === kind ? (resource?.id ?? null) : null;
  return {
    subject_type: values.subjectKind,
    subject: subject?.id ?? '',
    team_id: values.subjectKind === 'team' ? (subject?.id ?? null) : null,
    person_id: values.subjectKind === 'person' ? (subject?.id ?? null) : null,
    notification_id: values.subjectKind === 'notification' ? (subject?.id ?? null) : null,
    config_id: idOf('catalog'),
    component_id: idOf('component'),
    connection_id: idOf('connection'),
    playbook_id: idOf('playbook'),
    object: values.resourceKind === 'global' ? values.object || null : null,
    action: values.action,
    deny: values.deny,
    until: values.until ? new Date(values.until).toISOString() : null,
    description: values.description.trim() || null,
  };
}

const pick = (id: string | null | undefined, named?: { name?: string | null } | null) =>
  id ? { id, name: named?.name || id } : null;

/** `yyyy-MM-ddTHH:mm` in the browser's time zone, as a datetime-local field takes it. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A stored row as the form's values. */
export function permissionFormOf(row: Permission): PermissionFormValues {
  const subjectKind: SubjectKind = (subjectKinds as readonly string[]).includes(
    row.subject_type ?? '',
  )
    ? (row.subject_type as SubjectKind)
    : 'team';
  const subjectId =
    subjectKind === 'notification' ? (row.notification_id ?? row.subject) : row.subject;
  const subjectNamed =
    subjectKind === 'team' ? row.team : subjectKind === 'person' ? row.person : row.notification;
  const resourceKind: ResourceKind = row.config_id
    ? 'catalog'
    : row.component_id
      ? 'component'
      : row.connection_id
        ? 'connection'
        : row.playbook_id
          ? 'playbook'
          : 'global';
  return {
    ...emptyPermission,
    subjectKind,
    [subjectColumns[subjectKind]]: pick(subjectId, subjectNamed),
    resourceKind,
    config_id: pick(row.config_id, row.config_object),
    component_id: pick(row.component_id, row.component_object),
    connection_id: pick(row.connection_id, row.connection_object),
    playbook_id: pick(row.playbook_id, row.playbook_object),
    object: resourceKind === 'global' ? (row.object ?? '') : '',
    action: row.action ?? 'read',
    deny: row.deny ?? false,
    until: localInput(row.until),
    description: row.description ?? '',
  };
}

/** Settings §6: a row loaded from a resource file (or any source but the UI) is read-only. */
export function isProtected(row: Pick<Permission, 'source'>): boolean {
  return !!row.source && row.source !== 'UI';
}

/** The Resource column: the scoped resource's name, or the global object. */
export function permissionResourceName(row: Permission): string {
  return (
    row.config_object?.name ||
    row.component_object?.name ||
    row.connection_object?.name ||
    row.playbook_object?.name ||
    row.canary_object?.name ||
    row.config_id ||
    row.component_id ||
    row.connection_id ||
    row.playbook_id ||
    row.canary_id ||
    row.object ||
    ''
  );
}

/** The Subject column: the person's, team's or notification's name. */
export function permissionSubjectName(row: Permission): string {
  return (
    row.person?.name ||
    row.team?.name ||
    row.notification?.name ||
    row.subject ||
    row.notification_id ||
    ''
  );
}
