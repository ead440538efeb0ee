import type {
  NotificationSilence,
  SilencePreviewQuery,
  SilenceRequest,
} from '@opsdeck/api-client/notifications';

/** The resource kinds the form's picker searches (`/resources/search`). */
export type SilenceFormResourceKind = 'config' | 'component' | 'check';

export const silenceResourceKindLabels: Record<SilenceFormResourceKind, string> = {
  config: 'Catalog item',
  component: 'Component',
  check: 'Health check',
};

const HOUR = 3_600_000;

/** The product's duration presets, then a custom range, then indefinitely. */
export const durationPresets = [
  { value: '1h', label: '1 hour', ms: HOUR },
  { value: '4h', label: '4 hours', ms: 4 * HOUR },
  { value: '1d', label: '1 day', ms: 24 * HOUR },
  { value: '3d', label: '3 days', ms: 72 * HOUR },
  { value: '1w', label: '1 week', ms: 168 * HOUR },
] as const;

export type SilenceDuration = (typeof durationPresets)[number]['value'] | 'custom' | 'indefinitely';

export interface SilenceFormValues {
  resourceKind: SilenceFormResourceKind;
  resource: { id: string; name: string } | undefined;
  recursive: boolean;
  filter: string;
  duration: SilenceDuration;
  /** `datetime-local` values (the user's zone), for a custom range. */
  from: string;
  until: string;
  description: string;
}

export const emptySilenceForm: SilenceFormValues = {
  resourceKind: 'config',
  resource: undefined,
  recursive: false,
  filter: '',
  duration: '1d',
  from: '',
  until: '',
  description: '',
};

/** The form's first values: empty, or with the resource a link named (`check:<id>`). */
export function initialSilenceForm(search: {
  resource?: string | undefined;
  resourceName?: string | undefined;
}): SilenceFormValues {
  const match = /^(config|component|check):(.+)$/.exec(search.resource ?? '');
  if (!match) return emptySilenceForm;
  const id = match[2]!;
  return {
    ...emptySilenceForm,
    resourceKind: match[1] as SilenceFormResourceKind,
    resource: { id, name: search.resourceName ?? id },
  };
}

export type SilenceFormErrors = Partial<Record<'target' | 'from' | 'until', string>>;

/** A `datetime-local` value as an instant, or undefined when it is not one. */
function localMoment(value: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * What is wrong with the form: the reference UI asks for exactly one of a resource or a filter
 * (reference §5), and a custom range for both ends with `until` after `from`.
 */
export function validateSilenceForm(values: SilenceFormValues): SilenceFormErrors {
  const errors: SilenceFormErrors = {};
  const hasFilter = values.filter.trim() !== '';
  if (!values.resource && !hasFilter) errors.target = 'Pick a resource or write a filter';
  if (values.resource && hasFilter) errors.target = 'Pick a resource or write a filter, not both';
  if (values.duration === 'custom') {
    const from = localMoment(values.from);
    const until = localMoment(values.until);
    if (!from) errors.from = 'Pick when the silence starts';
    if (!until) errors.until = 'Pick when the silence ends';
    if (from && until && until.getTime() <= from.getTime())
      errors.until = 'The end must come after the start';
  }
  return errors;
}

/** The form as `POST /notification/silence`'s body: times absolute, as the reference UI sends them. */
export function silenceRequestOf(
  values: SilenceFormValues,
  now: Date = new Date(),
): SilenceRequest {
  const preset = durationPresets.find((option) => option.value === values.duration);
  let from = now.toISOString();
  let until = 'indefinitely';
  if (preset) until = new Date(now.getTime() + preset.ms).toISOString();
  if (values.duration === 'custom') {
    from = localMoment(values.from)?.toISOString() ?? from;
    until = localMoment(values.until)?.toISOString() ?? until;
  }
  const filter = values.filter.trim();
  const description = values.description.trim();
  return {
    from,
    until,
    recursive: values.resource ? values.recursive : false,
    ...(description ? { description } : {}),
    ...(filter ? { filter } : {}),
    ...(values.resource ? { resource: { kind: values.resourceKind, id: values.resource.id } } : {}),
  };
}

/** What the preview asks the server for, or undefined while the form names nothing to silence. */
export function previewQueryOf(values: SilenceFormValues): SilencePreviewQuery | undefined {
  const filter = values.filter.trim();
  if (!values.resource && !filter) return undefined;
  return {
    recursive: values.resource ? values.recursive : false,
    ...(values.resource ? { resource: { kind: values.resourceKind, id: values.resource.id } } : {}),
    ...(filter ? { filter } : {}),
  };
}

/** A silence's resource, by the list's embeds. */
export function silenceResource(
  silence: NotificationSilence,
): { kind: SilenceFormResourceKind | 'canary'; id: string; name: string } | undefined {
  if (silence.config_id)
    return {
      kind: 'config',
      id: silence.config_id,
      name: silence.catalog?.name || silence.config_id,
    };
  if (silence.component_id)
    return {
      kind: 'component',
      id: silence.component_id,
      name: silence.component?.name || silence.component_id,
    };
  if (silence.check_id)
    return { kind: 'check', id: silence.check_id, name: silence.checks?.name || silence.check_id };
  if (silence.canary_id) return { kind: 'canary', id: silence.canary_id, name: silence.canary_id };
  return undefined;
}

/** Whether a silence has ended at `now` (`until` null: indefinitely, never). */
export function isSilenceExpired(silence: NotificationSilence, now: Date = new Date()): boolean {
  return silence.until ? Date.parse(silence.until) <= now.getTime() : false;
}
