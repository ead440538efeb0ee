import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { maybeNumber, maybeText, text } from '../schemaParts.ts';

/** The tables of the settings resource editors (settings §3 "Settings resource kinds"). */
export type SettingsTable =
  'canaries' | 'topologies' | 'teams' | 'incident_rules' | 'logging_backends' | 'config_scrapers';

/** One settings record as stored: the columns each table has are optional (teams have no labels…). */
export const settingsResourceSchema = looseObject({
  id: text,
  name: maybeText,
  namespace: maybeText,
  icon: maybeText,
  schedule: maybeText,
  source: maybeText,
  agent_id: maybeText,
  labels: z.nullish(z.record(z.string(), z.unknown())),
  spec: z.nullish(z.unknown()),
  created_at: maybeText,
  updated_at: maybeText,
  created_by: z.nullish(z.unknown()),
});
export type SettingsResource = z.output<typeof settingsResourceSchema>;

/** What the editors write: only the columns of the record's table. */
export interface SettingsResourceWrite {
  name?: string;
  namespace?: string;
  icon?: string | null;
  schedule?: string | null;
  labels?: Record<string, string> | null;
  spec?: unknown;
  source?: string;
}

const personSchema = looseObject({
  id: text,
  name: maybeText,
  email: maybeText,
  avatar: maybeText,
});

/** A team member row with its person embedded (`select=*,person_id(*)`). */
export const teamMemberRowSchema = looseObject({
  team_id: text,
  person_id: z.union([text, personSchema]),
});

export interface TeamMember {
  id: string;
  name: string;
  email?: string;
  avatar?: string;
}

/** One run of a resource's job (`job_histories`). */
export const resourceJobSchema = looseObject({
  id: text,
  name: maybeText,
  status: maybeText,
  resource_id: maybeText,
  resource_type: maybeText,
  resource_name: maybeText,
  success_count: maybeNumber,
  error_count: maybeNumber,
  duration_millis: maybeNumber,
  time_start: maybeText,
  time_end: maybeText,
  created_at: maybeText,
  details: z.nullish(z.unknown()),
});
export type ResourceJob = z.output<typeof resourceJobSchema>;
