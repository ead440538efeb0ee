// Unsaved Spec-tab values kept in the browser per record (issue 35 "Drafts survive a reload or an
// expired session"), in sessionStorage: a reload, and the sign-in an expired session sends the tab
// through, keep the tab and so the draft; a closed tab drops it, so typed values (a check's
// password among them) do not stay on a shared machine, and two tabs on one record do not
// overwrite each other's draft.
import type { ResourceFormValues } from './resourceForm.ts';

/** The slice of Storage drafts need (tests may pass a fake). */
type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A record's draft key: its table and id, or 'new' for a record not saved yet. */
export function draftKey(table: string, id: string | undefined): string {
  return `opsdeck.settings.draft.${table}.${id ?? 'new'}`;
}

function browserStorage(): DraftStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked (privacy settings): no drafts
  }
}

function isDraft(value: unknown): value is ResourceFormValues {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return ['name', 'icon', 'namespace', 'labels', 'schedule', 'spec'].every(
    (key) => typeof draft[key] === 'string',
  );
}

/** The draft kept under `key`, if there is a readable one. */
export function readDraft(
  key: string,
  storage: DraftStorage | undefined = browserStorage(),
): ResourceFormValues | undefined {
  try {
    const text = storage?.getItem(key);
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    return isDraft(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(
  key: string,
  values: ResourceFormValues,
  storage: DraftStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(key, JSON.stringify(values));
  } catch {
    // A full or blocked storage keeps no draft; the form itself is unaffected.
  }
}

export function clearDraft(key: string, storage: DraftStorage | undefined = browserStorage()) {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}

/** Whether two sets of values are the same (a draft equal to the record is no draft). */
export const sameValues = (a: ResourceFormValues, b: ResourceFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);
