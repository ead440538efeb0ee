// The LoggingBackend (mission-control.flanksource.com/v1): where the console's Logs read from, one
// map per kind of backend (`loki: {url}`). Its editor (settings spec §2, Log Backends) is a form of
// the record: name (required), labels and the spec as YAML.
import { z } from 'zod/mini';
import { defineContract } from '../contract.ts';
import type { FormDescription } from '../form/description.ts';
import { REQUIRED_MESSAGE } from '../form/validation.ts';

const url = z.string({ error: REQUIRED_MESSAGE }).check(z.minLength(1, REQUIRED_MESSAGE));

const loggingBackendSchema = z.looseObject({
  loki: z.optional(z.looseObject({ url })),
  opensearch: z.optional(z.looseObject({ address: z.optional(z.string()) })),
  file: z.optional(z.looseObject({ path: z.optional(z.string()) })),
  routes: z.optional(z.array(z.record(z.string(), z.unknown()))),
});

export type LoggingBackendSpec = z.infer<typeof loggingBackendSchema>;

export const loggingBackendContract = defineContract<LoggingBackendSpec>({
  kind: 'LoggingBackend',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: loggingBackendSchema,
  defaults: () => ({}),
});

/**
 * The Log Backends form (settings spec §2), for the console's editor. @public
 */
export const loggingBackendForm: FormDescription = {
  type: 'logging-backend',
  label: 'Log Backend',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'key-value', name: 'labels', label: 'Labels' },
    { kind: 'code', name: 'spec', label: 'Spec', language: 'yaml' },
  ],
};
