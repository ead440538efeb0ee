import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { listOf, maybeBoolean, maybeText, text } from '../schemaParts.ts';

// Row shapes of the incident tables and views as the console reads them (reference §1). Every
// embed may come back null (a deleted person, a row the reader may not see), and unknown keys are
// kept: a newer Mission Control may add columns.

/** `AVATAR_INFO`: a person embed (`created_by(id,name,avatar,email)`). */
export const personSchema = looseObject({
  id: text,
  name: maybeText,
  avatar: maybeText,
  email: maybeText,
});
export type Person = z.output<typeof personSchema>;
const maybePerson = z.nullish(personSchema);

/** One row of the `incident_summary` view (the list). */
export const incidentSummarySchema = looseObject({
  id: text,
  incident_id: maybeText,
  title: text,
  severity: maybeText,
  type: maybeText,
  status: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  commander: z.nullish(looseObject({ id: text, name: maybeText, avatar: maybeText })),
  responders: listOf(looseObject({ id: maybeText, name: maybeText, avatar: maybeText })),
  commenters: listOf(looseObject({ id: maybeText, name: maybeText, avatar: maybeText })),
});
export type IncidentSummary = z.output<typeof incidentSummarySchema>;

export const evidenceSchema = looseObject({
  id: text,
  hypothesis_id: maybeText,
  description: maybeText,
  type: maybeText,
  config_id: maybeText,
  config_change_id: maybeText,
  config_analysis_id: maybeText,
  component_id: maybeText,
  check_id: maybeText,
  evidence: z.nullish(z.unknown()),
  properties: z.nullish(z.unknown()),
  definition_of_done: maybeBoolean,
  done: maybeBoolean,
  script: maybeText,
  created_at: maybeText,
  created_by: z.nullish(z.union([personSchema, text])),
});
export type Evidence = z.output<typeof evidenceSchema>;

export const commentSchema = looseObject({
  id: text,
  comment: maybeText,
  created_at: maybeText,
  external_created_by: maybeText,
  created_by: z.nullish(z.union([personSchema, text])),
});
export type Comment = z.output<typeof commentSchema>;

export const hypothesisSchema = looseObject({
  id: text,
  incident_id: maybeText,
  parent_id: maybeText,
  title: maybeText,
  type: maybeText,
  status: maybeText,
  created_at: maybeText,
  created_by: z.nullish(z.union([personSchema, text])),
  evidences: listOf(evidenceSchema),
  comments: listOf(commentSchema),
});
export type Hypothesis = z.output<typeof hypothesisSchema>;

/** The detail page's incident with its hypotheses (flat; the tree comes from `parent_id`). */
export const incidentSchema = looseObject({
  id: text,
  incident_id: maybeText,
  title: text,
  description: maybeText,
  severity: maybeText,
  type: maybeText,
  status: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  created_by: z.nullish(z.union([personSchema, text])),
  commander: maybePerson,
  commander_id: z.nullish(z.union([personSchema, text])),
  communicator_id: z.nullish(z.union([personSchema, text])),
  hypotheses: listOf(hypothesisSchema),
});
export type Incident = z.output<typeof incidentSchema>;

/** The attach dialog's incident search: the incident and its hypotheses' ids and types. */
export const incidentOptionSchema = looseObject({
  id: text,
  title: text,
  status: maybeText,
  type: maybeText,
  severity: maybeText,
  hypotheses: listOf(looseObject({ id: text, type: maybeText })),
});
export type IncidentOption = z.output<typeof incidentOptionSchema>;

export const hypothesisOptionSchema = looseObject({
  id: text,
  title: maybeText,
  type: maybeText,
  status: maybeText,
  incident_id: maybeText,
});
export type HypothesisOption = z.output<typeof hypothesisOptionSchema>;

export const responderSchema = looseObject({
  id: text,
  incident_id: maybeText,
  type: maybeText,
  person_id: maybeText,
  team_id: maybeText,
  created_at: maybeText,
  person: z.nullish(looseObject({ id: text, name: maybeText, avatar: maybeText })),
  team: z.nullish(looseObject({ id: text, name: maybeText, icon: maybeText })),
});
export type Responder = z.output<typeof responderSchema>;

/** One `incident_histories` row with the embeds of the timeline request. */
export const incidentHistorySchema = looseObject({
  id: text,
  incident_id: maybeText,
  type: maybeText,
  description: maybeText,
  created_at: maybeText,
  created_by: z.nullish(z.union([personSchema, text])),
  evidence: z.nullish(
    looseObject({
      id: text,
      description: maybeText,
      type: maybeText,
      components: z.nullish(looseObject({ id: text, name: maybeText })),
      configs: z.nullish(looseObject({ id: text, name: maybeText })),
      checks: z.nullish(looseObject({ id: text, name: maybeText })),
    }),
  ),
  hypothesis: z.nullish(looseObject({ id: text, title: maybeText })),
  responder: z.nullish(
    looseObject({
      id: text,
      person: z.nullish(looseObject({ id: text, name: maybeText })),
      team: z.nullish(looseObject({ id: text, name: maybeText })),
    }),
  ),
  comment: z.nullish(looseObject({ id: text, comment: maybeText })),
});
export type IncidentHistory = z.output<typeof incidentHistorySchema>;

/** A component offered by the list's component filter. */
export const componentOptionSchema = looseObject({ id: text, name: maybeText });

/** A check attached as evidence turning healthy or unhealthy inside the incident's window. */
export const incidentCheckTurnSchema = looseObject({
  kind: z.literal('check_status'),
  at: maybeText,
  evidence_id: maybeText,
  check: z.nullish(looseObject({ id: text, name: maybeText })),
  status: maybeText,
  message: maybeText,
  error: maybeText,
});
export type IncidentCheckTurn = z.output<typeof incidentCheckTurnSchema>;

/** A change of a config attached as evidence inside the incident's window. */
export const incidentConfigChangeSchema = looseObject({
  kind: z.literal('config_change'),
  at: maybeText,
  evidence_id: maybeText,
  config: z.nullish(looseObject({ id: text, name: maybeText, type: maybeText })),
  change: z.nullish(
    looseObject({ id: text, change_type: maybeText, severity: maybeText, summary: maybeText }),
  ),
});
export type IncidentConfigChange = z.output<typeof incidentConfigChangeSchema>;

/**
 * Our server's `GET /api/incidents/{id}/timeline` (not Mission Control's): besides the history, the
 * turns of the checks and the changes of the configs attached as evidence inside the incident's
 * window. Only those two kinds are read here; the history comes from `/api/db` on every backend.
 */
export const incidentTimelineSchema = looseObject({
  entries: listOf(
    z.union([incidentCheckTurnSchema, incidentConfigChangeSchema, looseObject({ kind: text })]),
  ),
  truncated: maybeBoolean,
});
export type IncidentTimeline = z.output<typeof incidentTimelineSchema>;
export type IncidentTimelineEntry = IncidentTimeline['entries'][number];
