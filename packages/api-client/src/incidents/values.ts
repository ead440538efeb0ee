// The incident value sets as stored (settings §4, reference §1 "Schema and value sets"): the one
// place the console spells them. Severity is TEXT and mixed-case on real data; the numeric codes
// map as the spec says (4 critical, 3 blocker, 2 high, 1 medium, otherwise low).

/** Statuses the console writes, in workflow order (reference §1: the UI enum). */
export const incidentStatuses = [
  'new',
  'open',
  'investigating',
  'mitigated',
  'resolved',
  'closed',
] as const;
export type IncidentStatus = (typeof incidentStatuses)[number];

/**
 * The longest text the server takes for each of an incident's free-text fields (its migration
 * 011_incident_form_limits.sql holds the same numbers); forms state them.
 */
export const incidentTextLimits = {
  title: 200,
  description: 4000,
  hypothesisTitle: 200,
  comment: 4000,
} as const;

/** A new incident starts open (settings §4). */
export const defaultIncidentStatus: IncidentStatus = 'open';

/**
 * The statuses an incident may move to from each status (reference §1 "UI status workflow"); an
 * unknown stored status (Mission Control's `cancelled`) may move anywhere the console knows.
 */
export const incidentStatusTransitions: Readonly<
  Record<IncidentStatus, readonly IncidentStatus[]>
> = {
  new: ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'],
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export function nextIncidentStatuses(status: string): readonly string[] {
  const known = incidentStatusTransitions[status as IncidentStatus] as
    readonly IncidentStatus[] | undefined;
  return known ?? [status, ...incidentStatuses];
}

/** Severities as the console writes them: `Medium` keeps its capital, as stored (settings §4). */
export const incidentSeverities = [
  'info',
  'warning',
  'low',
  'Medium',
  'high',
  'blocker',
  'critical',
] as const;
export type IncidentSeverity = (typeof incidentSeverities)[number];

/** The five levels a stored severity is shown as. */
export type SeverityLevel = 'critical' | 'blocker' | 'high' | 'medium' | 'low';
const levelOfCode: Readonly<Record<string, SeverityLevel>> = {
  '4': 'critical',
  '3': 'blocker',
  '2': 'high',
  '1': 'medium',
};

/**
 * The level a stored severity shows as: the codes 4…1 or the names critical, blocker, high and
 * medium in any case; anything else is low (settings §4). Mission Control's own tag compares
 * case-sensitively and shows `critical` as Low; the console writes lower case, so it must not.
 */
export function severityLevel(stored: string | number | null | undefined): SeverityLevel {
  if (stored === null || stored === undefined) return 'low';
  const text = String(stored).trim();
  const byCode = levelOfCode[text];
  if (byCode) return byCode;
  const lower = text.toLowerCase();
  return lower === 'critical' || lower === 'blocker' || lower === 'high' || lower === 'medium'
    ? lower
    : 'low';
}

/** The five levels, most severe first: what the list's filter offers and the UI shows. */
export const severityLevels: readonly SeverityLevel[] = [
  'critical',
  'blocker',
  'high',
  'medium',
  'low',
];

const spellings = (name: string) => [
  name,
  `${name[0]!.toUpperCase()}${name.slice(1)}`,
  name.toUpperCase(),
];
const codeOfLevel = Object.fromEntries(
  Object.entries(levelOfCode).map(([code, level]) => [level, code]),
) as Partial<Record<SeverityLevel, string>>;

/**
 * The stored values that show as a level other than low (its code and its name as written in any
 * of the usual cases), so a filter by the shown level finds every row shown with it. Low is every
 * other value, and none.
 */
export function storedSeveritiesOf(level: Exclude<SeverityLevel, 'low'>): string[] {
  return [codeOfLevel[level]!, ...spellings(level)];
}

/** Types the console writes (the attach dialog's list; Go spells `technical_debt`, settings §4). */
export const incidentTypes = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export type IncidentType = (typeof incidentTypes)[number];

/** What the attach dialog proposes for a new incident (settings §4). */
export const attachDefaults = { type: 'availability', severity: 'low' } as const satisfies {
  type: IncidentType;
  severity: IncidentSeverity;
};

/** Hypothesis statuses, most to least likely (settings §4); a new root starts possible. */
export const hypothesisStatuses = [
  'proven',
  'likely',
  'possible',
  'unlikely',
  'improbable',
  'disproven',
] as const;
export type HypothesisStatus = (typeof hypothesisStatuses)[number];
export const defaultHypothesisStatus: HypothesisStatus = 'possible';

/** Nesting: root, then factor, then solution (the table's check constraint). */
export const hypothesisTypes = ['root', 'factor', 'solution'] as const;
export type HypothesisType = (typeof hypothesisTypes)[number];

/** The type of a hypothesis added under one of `parent`'s type; a solution has no children. */
export function childHypothesisType(parent: string): HypothesisType | undefined {
  if (parent === 'root') return 'factor';
  if (parent === 'factor') return 'solution';
  return undefined;
}
