import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeNumber, maybeText, text } from '../schemaParts.ts';
import { adminKeys } from './keys.ts';

/** One row of `agents_summary` (reference §6 Agents). */
export const agentSchema = looseObject({
  id: text,
  name: maybeText,
  description: maybeText,
  version: maybeText,
  last_seen: maybeText,
  last_received: maybeText,
  created_at: maybeText,
  config_count: maybeNumber,
  checks_count: maybeNumber,
  playbook_runs_count: maybeNumber,
});
export type Agent = z.output<typeof agentSchema>;

export function listAgents(client: ApiClient, options: CallOptions = {}): Promise<Agent[]> {
  return db(client)
    .from('agents_summary')
    .select('*')
    .is('deleted_at', null)
    .order('name', { direction: 'asc' })
    .rows(agentSchema)
    .execute(options.signal);
}

export const agentsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: adminKeys.agents(),
    queryFn: ({ signal }) => listAgents(client, { signal }),
  });

const generatedSchema = looseObject({ id: text, username: text, access_token: text });
export type GeneratedAgent = z.output<typeof generatedSchema>;

/** `POST /api/agent/generate`: the new agent's person id, username and its one-time token. */
export function registerAgent(
  client: ApiClient,
  agent: { name: string; description?: string },
): Promise<GeneratedAgent> {
  return client.agent.post('generate', { json: agent, schema: generatedSchema });
}

/** Deletes an agent (soft: `deleted_at` set, as settings §4 deletes records). */
export async function deleteAgent(client: ApiClient, id: string): Promise<void> {
  await db(client).from('agents').eq('id', id).softDelete().execute();
}
