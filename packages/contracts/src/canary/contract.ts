// The Canary (canaries.flanksource.com/v1): canary-level fields (schedule or interval, owner,
// severity, result mode, webhook) and one list per check type (`http: [...]`). A check of a type the
// health-check editor has a form for is checked by that form's rules, on the values the editor
// would open, so the editor and the server refuse the same check with the same path
// (`http[0].url`). Types the editor leaves to the raw spec need a map with a name.
import { z } from 'zod/mini';
import { defineContract } from '../contract.ts';
import type { FormDescription } from '../form/description.ts';
import { everyProblem, formIssues, parsePath } from '../form/issues.ts';
import { REQUIRED_MESSAGE } from '../form/validation.ts';
import { checkTypes, folderCheck, sqlCheck } from './checks.ts';

export const CANARY_API_VERSION = 'canaries.flanksource.com/v1';

export const CHECK_LIST_MESSAGE = 'A check type holds a list of checks';
export const CHECK_MESSAGE = 'A check must be a map of fields';
export const SECONDS_MESSAGE = 'Must be a whole number of seconds, at least 0';
export const SCHEDULE_MESSAGE = 'A schedule is a cron expression or @every, @hourly…';

/** The canary's own fields; every other key of its spec is a check type. */
const canaryFields = {
  schedule: z.optional(
    z.string({ error: SCHEDULE_MESSAGE }).check(z.minLength(1, SCHEDULE_MESSAGE)),
  ),
  /** Seconds between runs, the older alternative to schedule. */
  interval: z.optional(
    z
      .number({ error: SECONDS_MESSAGE })
      .check(z.int(SECONDS_MESSAGE), z.minimum(0, SECONDS_MESSAGE)),
  ),
  owner: z.optional(z.string()),
  severity: z.optional(z.string()),
  resultMode: z.optional(z.string()),
  replicas: z.optional(z.number().check(z.int(), z.minimum(0))),
  /** A webhook check is one map, not a list. */
  webhook: z.optional(z.looseObject({ name: z.string().check(z.minLength(1, REQUIRED_MESSAGE)) })),
  env: z.optional(z.record(z.string(), z.unknown())),
};

/** The canary spec key a check lives under → the form that edits it. */
export const checkFormsByKey: ReadonlyMap<string, FormDescription> = new Map<
  string,
  FormDescription
>([
  // GCS, S3, SMB and SFTP are folder checks with that connection (checks.ts); custom is no key.
  ...checkTypes
    .filter((type) => !['gcs', 's3', 'smb', 'sftp', 'custom', 'sql'].includes(type.type))
    .map((type) => [type.type, type] as const),
  ['folder', folderCheck],
  // One form for the SQL checks: its driver is the key the check lives under.
  ['postgres', sqlCheck],
  ['mysql', sqlCheck],
  ['mssql', sqlCheck],
]);

/** A check as its type's form opens it: a SQL check's driver is the list it is in. */
export function checkFormValues(key: string, check: unknown): unknown {
  if (checkFormsByKey.get(key) === sqlCheck && typeof check === 'object' && check !== null)
    return { ...check, driver: key };
  return check;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type CanarySpec = z.infer<z.ZodMiniObject<typeof canaryFields>> & Record<string, unknown>;

/**
 * The problems of one list of checks under `key`, paths from the spec (`http[0].url`). In a
 * topology's lookup a check needs no name (the lookup's results name the components).
 */
export function checkListIssues(
  key: string,
  checks: unknown,
  { lookup = false }: { lookup?: boolean } = {},
): { path: (string | number)[]; message: string }[] {
  if (!Array.isArray(checks)) return [{ path: [key], message: CHECK_LIST_MESSAGE }];
  const form = checkFormsByKey.get(key);
  return checks.flatMap((check: unknown, index) => {
    if (!isRecord(check)) return [{ path: [key, index], message: CHECK_MESSAGE }];
    if (!form)
      return lookup || (typeof check.name === 'string' && check.name !== '')
        ? []
        : [{ path: [key, index, 'name'], message: REQUIRED_MESSAGE }];
    return formIssues(form, checkFormValues(key, check))
      .filter((issue) => !(lookup && issue.path === 'name'))
      .map((issue) => ({ path: [key, index, ...parsePath(issue.path)], message: issue.message }));
  });
}

const canarySchema = z.looseObject(canaryFields).check(
  z.superRefine((spec, context) => {
    for (const [key, checks] of Object.entries(spec)) {
      if (key in canaryFields) continue;
      for (const issue of checkListIssues(key, checks))
        context.addIssue({ code: 'custom', ...issue, input: checks });
    }
  }, everyProblem),
) as unknown as z.ZodMiniType<CanarySpec>;

/**
 * A topology's lookup: a canary spec whose checks' results become components. Keys that are not
 * check types (display, kubeconfig) are its own; checks of a known type are checked by its form.
 */
export const lookupSchema = z.record(z.string(), z.unknown()).check(
  z.superRefine((lookup, context) => {
    for (const [key, checks] of Object.entries(lookup)) {
      if (!checkFormsByKey.has(key)) continue;
      for (const issue of checkListIssues(key, checks, { lookup: true }))
        context.addIssue({ code: 'custom', ...issue, input: checks });
    }
  }, everyProblem),
);

export const canaryContract = defineContract<CanarySpec>({
  kind: 'Canary',
  apiVersion: CANARY_API_VERSION,
  schema: canarySchema,
  defaults: () => ({ schedule: '@every 5m' }),
});
