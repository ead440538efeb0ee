// The GitOps Permission kind (mission-control.flanksource.com/v1, issue 37): a Permission document
// is one row of `permissions`, its spec spread over the columns the console writes (subject_type and
// subject, the comma-separated action, deny, a global object, the selectors in object_selector),
// checked by the same contract as a row written through /api/db.
import { permissionContract, type Contract } from '@opsdeck/contracts';
import type { PermissionWrite, PermissionWriteDecision } from '../../auth/permissionWrites.ts';
import type { ResourceDocument } from '../../resources/kinds.ts';
import { API_SOURCE, sourceGuard } from '../../resources/sourceGuard.ts';
import type { WriteRequest } from '../defineService.ts';
import { tableResourceKind } from '../../resources/tableKind.ts';

type Row = Record<string, unknown>;

const specOf = (document: ResourceDocument): Row =>
  document.spec && typeof document.spec === 'object' ? (document.spec as Row) : {};
const subjectOf = (document: ResourceDocument): [string, string] | undefined => {
  const subject = specOf(document).subject;
  if (!subject || typeof subject !== 'object') return undefined;
  const entry = Object.entries(subject as Row).find(
    ([, value]) => typeof value === 'string' && value !== '',
  );
  return entry ? [entry[0], String(entry[1])] : undefined;
};
const objectOf = (document: ResourceDocument): Row => {
  const object = specOf(document).object;
  return object && typeof object === 'object' && !Array.isArray(object) ? (object as Row) : {};
};

/** Permission: keyed by namespace and name; a row made in the console is never taken over. */
export const permissionResourceKind = tableResourceKind({
  table: 'permissions',
  contract: permissionContract as Contract<unknown>,
  namespaced: true,
  specColumn: false,
  columns: [
    {
      name: 'description',
      value: (document) => {
        const description = specOf(document).description;
        return typeof description === 'string' ? description : null;
      },
    },
    { name: 'subject_type', value: (document) => subjectOf(document)?.[0] ?? null },
    { name: 'subject', value: (document) => subjectOf(document)?.[1] ?? null },
    {
      name: 'action',
      value: (document) => {
        const actions = specOf(document).actions;
        return Array.isArray(actions) ? actions.map(String).join(',') : '';
      },
    },
    { name: 'deny', type: 'boolean', value: (document) => specOf(document).deny === true },
    // A global object (`mcp: true`) is the row's object; selectors of resources are kept as given.
    {
      name: 'object',
      value: (document) =>
        Object.entries(objectOf(document)).find(([, value]) => value === true)?.[0] ?? null,
    },
    {
      name: 'object_selector',
      json: true,
      value: (document) => {
        const selectors = Object.fromEntries(
          Object.entries(objectOf(document)).filter(([, value]) => value !== true),
        );
        return Object.keys(selectors).length ? selectors : null;
      },
    },
  ],
});

/** Sources a permission written through the API may carry: ours, and the reference console's. */
const API_SOURCES = new Set(['UI', 'interactive_settings']);

/**
 * Writes to `permissions` through /api/db, for every writer: a row loaded from a resource file (or
 * another source that is not the API) changes only there, a 409 saying so; a row written carries
 * an API source (UI, or the reference console's interactive_settings) or none.
 */
export const permissionSourceGuard = async (
  write: PermissionWrite,
  request: WriteRequest,
): Promise<PermissionWriteDecision> => {
  const apiRows = (rows: readonly Record<string, unknown>[]) =>
    rows.map((row) =>
      typeof row.source === 'string' && API_SOURCES.has(row.source)
        ? { ...row, source: API_SOURCE }
        : row,
    );
  return sourceGuard('permission')(
    { ...write, before: apiRows(write.before), after: apiRows(write.after) },
    request,
  );
};
