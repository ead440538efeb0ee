// The Spec tab's values and the record they save as (settings §2 "Schema-resource edit screen",
// §4 "Resource editing", §5). Labels are JSON text and the spec YAML text, as the editors show them;
// text that does not parse, or a spec the kind's contract refuses, is reported on its field.
import type { SettingsResource, SettingsResourceWrite } from '@opsdeck/api-client/settings';
import { parseDocument, REQUIRED_MESSAGE, setPath, type FormValues } from '@opsdeck/contracts/form';
import { dump } from 'js-yaml';
import { catalogType, checkIssues, guidedCheckOf, specWithCheck } from './healthSpec.ts';
import type { SettingsKind } from './kinds.ts';
import {
  topologyFormIssues,
  topologyFormOf,
  topologySpecOf,
  type TopologyFormState,
} from './topologySpec.ts';

export interface ResourceFormValues {
  name: string;
  icon: string;
  namespace: string;
  /** JSON text of a map. */
  labels: string;
  schedule: string;
  /** YAML text of the spec. */
  spec: string;
  /**
   * A health check in its type's guided form (the Form tab): the type and its one check. The spec
   * text then holds the canary's own fields and the check is written from the form.
   */
  guided?: { type: string; check: FormValues; original?: FormValues } | undefined;
  /**
   * A topology in its guided form (the Form tab): the whole spec is the form's; the spec text is
   * written from it when the Code tab opens.
   */
  topology?: TopologyFormState | undefined;
}

export type ResourceFormErrors = Partial<
  Record<Exclude<keyof ResourceFormValues, 'guided' | 'topology'>, string>
> & { guided?: { check?: FormValues }; topology?: { form?: FormValues } };

export const LABELS_MESSAGE = 'Labels must be a map of names to text values';
export const SPEC_MAP_MESSAGE = 'The spec must be a map of fields';
export const DEFAULT_NAMESPACE = 'default';

/** The spec as YAML text (an empty spec is empty text). */
export function specToYaml(spec: unknown): string {
  if (spec === undefined || spec === null) return '';
  if (typeof spec === 'object' && Object.keys(spec).length === 0) return '';
  return dump(spec, { lineWidth: -1, noRefs: true });
}

function labelsToText(labels: SettingsResource['labels']): string {
  if (!labels || Object.keys(labels).length === 0) return '';
  return JSON.stringify(labels, null, 2);
}

/** What the Spec tab opens: the record, or a new record of the kind with its defaults. */
export function resourceFormOf(
  kind: SettingsKind,
  record: SettingsResource | null,
): ResourceFormValues {
  if (!record) {
    const topology = kind.topologyForm ? topologyFormOf(kind.contract.defaults()) : undefined;
    return {
      name: '',
      icon: kind.defaultIcon ?? '',
      namespace: DEFAULT_NAMESPACE,
      labels: '',
      schedule: '',
      spec: specToYaml(kind.contract.defaults()),
      ...(topology ? { topology } : {}),
    };
  }
  const topology = kind.topologyForm ? topologyFormOf(record.spec ?? {}) : undefined;
  const guided = kind.typed ? guidedCheckOf(record.spec, kind.typed) : undefined;
  return {
    name: record.name ?? '',
    icon: record.icon ?? '',
    namespace: record.namespace ?? '',
    labels: labelsToText(record.labels),
    schedule: record.schedule ?? '',
    spec: specToYaml(record.spec ?? {}),
    ...(guided
      ? { guided: { type: guided.type.type, check: guided.check, original: guided.original } }
      : {}),
    ...(topology ? { topology } : {}),
  };
}

/** The labels text as a map, or why it is not one. */
export function parseLabels(
  text: string,
): { ok: true; labels: Record<string, string> | null } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, labels: null };
  const parsed = parseDocument(text, 'json');
  if (!parsed.ok) return { ok: false, message: parsed.problem.message };
  const value = parsed.value;
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.values(value).some((entry) => typeof entry !== 'string')
  )
    return { ok: false, message: LABELS_MESSAGE };
  return { ok: true, labels: value as Record<string, string> };
}

/** The spec text as a map, or why it is not one. */
export function parseSpecText(
  text: string,
): { ok: true; spec: Record<string, unknown> } | { ok: false; message: string } {
  const parsed =
    text.trim() === '' ? { ok: true as const, value: {} } : parseDocument(text, 'yaml');
  if (!parsed.ok) return { ok: false, message: parsed.problem.message };
  const value = parsed.value ?? {};
  if (typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: SPEC_MAP_MESSAGE };
  return { ok: true, spec: value as Record<string, unknown> };
}

/**
 * The spec the values stand for, as a map the kind's contract accepts, or what is wrong with it
 * (with its path). In a guided form the check comes from the form, the rest from the text.
 */
export function parseSpec(
  kind: SettingsKind,
  text: string,
  guided?: ResourceFormValues['guided'],
  topology?: ResourceFormValues['topology'],
): { ok: true; spec: Record<string, unknown> } | { ok: false; message: string } {
  let parsed: ReturnType<typeof parseSpecText>;
  try {
    parsed = topology ? { ok: true, spec: topologySpecOf(topology) } : parseSpecText(text);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (!parsed.ok) return parsed;
  const type = guided && kind.typed ? catalogType(kind.typed, guided.type) : undefined;
  const value =
    type && guided
      ? specWithCheck(parsed.spec, type, guided.check, guided.original, kind.typed)
      : parsed.spec;
  const verdict = kind.contract.validate(value);
  if (!verdict.ok)
    return {
      ok: false,
      message: verdict.issues
        .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
        .join('\n'),
    };
  // The parsed text, not the contract's output: nothing the schema does not know is dropped.
  return { ok: true, spec: value };
}

/** Every problem of the values, by field (checked on blur, change and submit). */
export function resourceFormErrors(
  kind: SettingsKind,
  values: ResourceFormValues,
  existing: boolean,
): ResourceFormErrors {
  const errors: ResourceFormErrors = {};
  if (!existing && values.name.trim() === '') errors.name = REQUIRED_MESSAGE;
  if (kind.columns.labels) {
    const labels = parseLabels(values.labels);
    if (!labels.ok) errors.labels = labels.message;
  }
  const type =
    values.guided && kind.typed ? catalogType(kind.typed, values.guided.type) : undefined;
  if (type && values.guided) {
    // The form's own rules, on its fields; the contract would name the same problems in the spec.
    const issues = checkIssues(type, values.guided.check);
    if (issues.length > 0) {
      errors.guided = {
        check: issues.reduce<FormValues>(
          (nested, issue) => setPath(nested, issue.path, issue.message),
          {},
        ),
      };
      const own = parseSpecText(values.spec);
      if (!own.ok) errors.spec = own.message;
      return errors;
    }
  }
  if (values.topology) {
    const issues = topologyFormIssues(values.topology.form);
    if (issues.length > 0) {
      errors.topology = {
        // `components[0].lookup` as the dotted path formik's errors are read by.
        form: issues.reduce<FormValues>(
          (nested, issue) =>
            setPath(nested, issue.path.replace(/\[(\d+)\]/g, '.$1'), issue.message),
          {},
        ),
      };
      return errors;
    }
  }
  const spec = parseSpec(kind, values.spec, values.guided, values.topology);
  if (!spec.ok) errors.spec = spec.message;
  return errors;
}

/**
 * The write the values make (call once `resourceFormErrors` is empty). An existing record keeps
 * its name and namespace (settings §4), so they are not sent; a new one is the UI's.
 */
export function resourceWriteOf(
  kind: SettingsKind,
  values: ResourceFormValues,
  existing: boolean,
): SettingsResourceWrite {
  const spec = parseSpec(kind, values.spec, values.guided, values.topology);
  if (!spec.ok) throw new Error(spec.message);
  const write: SettingsResourceWrite = { spec: spec.spec };
  if (!existing) {
    write.name = values.name.trim();
    write.source = 'UI';
    if (kind.columns.namespace) write.namespace = values.namespace.trim() || DEFAULT_NAMESPACE;
  }
  if (kind.columns.icon) write.icon = values.icon || null;
  if (kind.columns.schedule) write.schedule = values.schedule.trim() || null;
  if (kind.columns.labels) {
    const labels = parseLabels(values.labels);
    if (labels.ok) write.labels = labels.labels;
  }
  return write;
}
