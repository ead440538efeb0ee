import {
  incidentSeverities,
  severityLevel,
  severityLevels,
  type SeverityLevel,
} from '@opsdeck/api-client/incidents';
import type { BadgeColor } from '@opsdeck/ui';

// How statuses and severities look (settings §4 "Status tag colours"): one colour per incident
// status, hypothesis status and severity level, from the theme's status palette.

const incidentStatusColors: Readonly<Record<string, BadgeColor>> = {
  new: 'primary',
  open: 'red',
  investigating: 'orange',
  mitigated: 'yellow',
  resolved: 'green',
  closed: 'gray',
};

/** An incident status's tag colour; one the console does not know (`cancelled`) is neutral. */
export function incidentStatusColor(status: string | null | undefined): BadgeColor {
  return (status && incidentStatusColors[status]) || 'neutral';
}

const hypothesisStatusColors: Readonly<Record<string, BadgeColor>> = {
  proven: 'green',
  likely: 'yellow',
  possible: 'orange',
  unlikely: 'gray',
  improbable: 'gray',
  disproven: 'red',
};

export function hypothesisStatusColor(status: string | null | undefined): BadgeColor {
  return (status && hypothesisStatusColors[status]) || 'neutral';
}

const severityColors: Readonly<Record<SeverityLevel, BadgeColor>> = {
  critical: 'red',
  blocker: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

/** A stored severity (text or code, any case) as its level's label and colour. */
export function severityBadge(stored: string | null | undefined): {
  level: SeverityLevel;
  label: string;
  color: BadgeColor;
} {
  const level = severityLevel(stored);
  return { level, label: capitalise(level), color: severityColors[level] };
}

/** The one label of a stored severity (text or code, any case): its level's (settings §3). */
export function severityLabel(stored: string | null | undefined): string {
  return severityBadge(stored).label;
}

/**
 * A severity as a form offers it: the five levels by label, each writing the value the console
 * stores for it (`Medium` keeps its capital). A stored value that is not one of those (`warning`,
 * `2`) is offered too, labelled by its level with the stored value beside it, so a form opened on
 * it shows what it holds.
 */
export function severityOptions(current?: string | null): { value: string; label: string }[] {
  const choices = severityLevels.map((level) => ({
    value: incidentSeverities.find((stored) => stored.toLowerCase() === level) ?? level,
    label: capitalise(level),
  }));
  return current && !choices.some((choice) => choice.value === current)
    ? [{ value: current, label: `${severityLabel(current)} (stored as ${current})` }, ...choices]
    : choices;
}

/** An incident status as the UI shows it, everywhere (tags, filters, the CSV). */
export function incidentStatusLabel(status: string | null | undefined): string {
  return capitalise(status ?? '');
}

export function capitalise(text: string): string {
  return text === '' ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** `technicalDebt` → "Technical debt", `availability` → "Availability". */
export function typeLabel(type: string | null | undefined): string {
  if (!type) return '';
  return capitalise(
    type
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase(),
  );
}
