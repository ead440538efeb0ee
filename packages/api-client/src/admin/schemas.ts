import * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { maybeNumber, maybeText, text } from '../schemaParts.ts';

/** One run of a job as `job_histories` lists it (reference §6 "Job history"), with its agent. */
export const jobHistorySchema = looseObject({
  id: text,
  name: maybeText,
  status: maybeText,
  resource_id: maybeText,
  resource_type: maybeText,
  resource_name: maybeText,
  success_count: maybeNumber,
  error_count: maybeNumber,
  duration_millis: maybeNumber,
  hostname: maybeText,
  time_start: maybeText,
  time_end: maybeText,
  created_at: maybeText,
  details: z.nullish(z.unknown()),
  // The reference embeds `agent {id,name}`; apps/server's view answers the agent's name.
  agent: z.nullish(z.union([text, looseObject({ id: maybeText, name: maybeText })])),
});
export type JobHistory = z.output<typeof jobHistorySchema>;

/** The name of the agent that ran a job, either way the backend answers it. */
export function jobAgentName(job: Pick<JobHistory, 'agent'>): string {
  const agent = job.agent;
  if (!agent) return '';
  return typeof agent === 'string' ? agent : (agent.name ?? agent.id ?? '');
}

/** `job_history_names`: one row per job name. */
export const jobNameSchema = looseObject({ name: text });
