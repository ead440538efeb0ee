import type * as z from 'zod/mini';
import { looseObject } from '../looseObject.ts';
import { listOf, maybeText, text } from '../schemaParts.ts';

export const aboutSchema = looseObject({ appVersion: maybeText, chartVersion: maybeText });
export type About = z.output<typeof aboutSchema>;

export const propertySchema = looseObject({
  name: text,
  value: maybeText,
  source: maybeText,
  type: maybeText,
  description: maybeText,
});
export const propertiesSchema = listOf(propertySchema);
export type Property = z.output<typeof propertySchema>;
