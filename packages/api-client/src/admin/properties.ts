import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '../client.ts';
import { db } from '../db/index.ts';
import type { CallOptions } from '../http.ts';
import { looseObject } from '../looseObject.ts';
import { maybeText, text } from '../schemaParts.ts';
import { adminKeys } from './keys.ts';

/** One property (feature flag) with its creator (reference §6 Properties). */
export const propertySchema = looseObject({
  name: text,
  value: maybeText,
  source: maybeText,
  created_at: maybeText,
  updated_at: maybeText,
  created_by: z.nullish(z.union([text, looseObject({ id: maybeText, name: maybeText })])),
});
export type Property = z.output<typeof propertySchema>;

/** The properties that are not deleted, by name. */
export function listProperties(client: ApiClient, options: CallOptions = {}): Promise<Property[]> {
  return db(client)
    .from('properties')
    .select('*,created_by(id,name)')
    .is('deleted_at', null)
    .order('name', { direction: 'asc' })
    .rows(propertySchema)
    .execute(options.signal);
}

export const propertiesListQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: adminKeys.properties(),
    queryFn: ({ signal }) => listProperties(client, { signal }),
  });

/** Adds a property, or sets an existing one's value. */
export async function saveProperty(
  client: ApiClient,
  property: { name: string; value: string },
  existing: boolean,
): Promise<void> {
  const rows = db(client).from('properties');
  if (existing) await rows.eq('name', property.name).update({ value: property.value }).execute();
  else await rows.insert(property).execute();
}

/** Deletes a property (soft: `deleted_at` set; the console's flags stop reading it). */
export async function deleteProperty(client: ApiClient, name: string): Promise<void> {
  await db(client).from('properties').eq('name', name).softDelete().execute();
}
