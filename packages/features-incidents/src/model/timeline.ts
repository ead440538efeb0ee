import type {
  IncidentCheckTurn,
  IncidentConfigChange,
  IncidentHistory,
  IncidentTimelineEntry,
} from '@opsdeck/api-client/incidents';

// The incident's story as one list of entries, newest first: the history rows the database writes
// (reference §1, from /api/db on every backend), interleaved by `mergeTimeline` with what our
// server's timeline endpoint adds: the status turns of the checks and the changes of the configs
// attached as evidence, inside the incident's window (`evidenceEntry`).

export interface TimelineEntry {
  id: string;
  /** ISO time; entries without one sort last. */
  at: string | null;
  /** The event name as stored (`incident.created`…) or a source's own kind (`check.status`). */
  kind: string;
  /** Who did it, when known. */
  actor: string | null;
  /** What happened, in a sentence without the actor. */
  text: string;
}

function personName(value: IncidentHistory['created_by']): string | null {
  if (!value) return null;
  if (typeof value === 'string') return null;
  return value.name ?? value.email ?? null;
}

function quoted(text: string | null | undefined): string {
  return text ? `"${text}"` : '';
}

function evidenceLabel(row: IncidentHistory): string {
  const evidence = row.evidence;
  if (!evidence) return 'evidence';
  const subject = evidence.checks?.name ?? evidence.configs?.name ?? evidence.components?.name;
  return subject ? `${subject}` : evidence.description || 'evidence';
}

/** One history row as an entry, in the spec's event names (settings §4). */
export function historyEntry(row: IncidentHistory): TimelineEntry {
  const hypothesis = quoted(row.hypothesis?.title);
  const responder = row.responder?.person?.name ?? row.responder?.team?.name ?? 'a responder';
  const texts: Record<string, string> = {
    'incident.created': 'created the incident',
    'incident.status_updated': `changed the status to ${row.description ?? 'unknown'}`,
    'responder.created': `added ${responder} as a responder`,
    'responder.commented': `commented${row.comment?.comment ? `: ${row.comment.comment}` : ''}`,
    'evidence.created': `attached ${evidenceLabel(row)} as evidence${hypothesis ? ` to ${hypothesis}` : ''}`,
    'evidence.done_definition_added': `added ${evidenceLabel(row)} to the definition of done`,
    'hypothesis.created': `created the hypothesis ${hypothesis || quoted(row.description)}`.trim(),
    'hypothesis.status_updated': `marked ${hypothesis || 'a hypothesis'} as ${row.description ?? 'unknown'}`,
  };
  const kind = row.type ?? 'unknown';
  return {
    id: row.id,
    at: row.created_at ?? null,
    kind,
    actor: personName(row.created_by),
    text: texts[kind] ?? (row.description ? `${kind}: ${row.description}` : kind),
  };
}

/** Every source's entries as one list, newest first; equal times keep their sources' order. */
export function mergeTimeline(...sources: readonly (readonly TimelineEntry[])[]): TimelineEntry[] {
  const time = (entry: TimelineEntry) => (entry.at ? Date.parse(entry.at) : Number.NaN);
  return sources
    .flat()
    .map((entry, index) => ({ entry, index, at: time(entry) }))
    .sort((a, b) => {
      const aKnown = !Number.isNaN(a.at);
      const bKnown = !Number.isNaN(b.at);
      if (aKnown !== bKnown) return aKnown ? -1 : 1;
      if (aKnown && a.at !== b.at) return b.at - a.at;
      return a.index - b.index;
    })
    .map(({ entry }) => entry);
}

/**
 * An entry of our server's timeline that the history does not already tell: a check attached as
 * evidence turning healthy or unhealthy, or a change of an attached config. Null for the rest
 * (its history rows are read from `/api/db` instead).
 */
export function evidenceEntry(entry: IncidentTimelineEntry, index: number): TimelineEntry | null {
  if (entry.kind === 'check_status') {
    const turn = entry as IncidentCheckTurn;
    const name = turn.check?.name ?? 'a check';
    const detail = turn.error || turn.message;
    return {
      id: `check:${turn.check?.id ?? ''}:${turn.at ?? index}`,
      at: turn.at ?? null,
      kind: 'check.status',
      actor: null,
      text: `Check ${name} turned ${turn.status ?? 'unknown'}${detail ? `: ${detail}` : ''}`,
    };
  }
  if (entry.kind === 'config_change') {
    const changed = entry as IncidentConfigChange;
    const name = changed.config?.name ?? 'a config';
    const change = changed.change;
    const what = change?.summary || change?.change_type || 'changed';
    const severity = change?.severity ?? '';
    return {
      id: `change:${change?.id ?? index}`,
      at: changed.at ?? null,
      kind: 'config.change',
      actor: null,
      text: `Config ${name}: ${what}${severity ? ` (${severity})` : ''}`,
    };
  }
  return null;
}
