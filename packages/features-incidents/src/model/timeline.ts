import type { IncidentHistory } from '@opsdeck/api-client/incidents';

// The incident's story as one list of entries, newest first. Today its only source is the
// history rows the database writes (reference §1); issue 14's server timeline endpoint adds the
// status changes of the checks and configs attached as evidence. That endpoint's rows become
// entries through a mapper like `historyEntry`, and `mergeTimeline` interleaves the sources by
// time, so the page does not change when it arrives.

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
