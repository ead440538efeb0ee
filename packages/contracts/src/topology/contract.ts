// The Topology (canaries.flanksource.com/v1): a tree of components, each found by lookups (a canary
// spec, checked as one: `components[0].lookup.http[0].url`), selectors or children, with
// properties. Its editor (settings spec §2, Custom Topology) is a form of the record: name,
// namespace, labels and the spec as YAML.
import { z } from 'zod/mini';
import { lookupSchema, SCHEDULE_MESSAGE } from '../canary/contract.ts';
import { defineContract } from '../contract.ts';
import type { FormDescription } from '../form/description.ts';
import { REQUIRED_MESSAGE } from '../form/validation.ts';

export const TEXT_MESSAGE = 'Must be text';
export const LIST_MESSAGE = 'Must be a list';

const name = z.string({ error: REQUIRED_MESSAGE }).check(z.minLength(1, REQUIRED_MESSAGE));
const text = z.optional(z.string({ error: TEXT_MESSAGE }));

const property = z.looseObject({
  name,
  label: text,
  type: text,
  text: text,
  icon: text,
  lookup: z.optional(lookupSchema),
  configLookup: z.optional(z.record(z.string(), z.unknown())),
});

export interface TopologyComponent {
  name?: string;
  type?: string;
  icon?: string;
  components?: TopologyComponent[];
  [key: string]: unknown;
}

const component: z.ZodMiniType<TopologyComponent> = z.looseObject({
  name: text,
  type: text,
  icon: text,
  namespace: text,
  owner: text,
  lookup: z.optional(lookupSchema),
  // The component to attach to: {name, type, namespace}.
  parentLookup: z.optional(z.record(z.string(), z.unknown())),
  properties: z.optional(z.array(property, { error: LIST_MESSAGE })),
  selectors: z.optional(z.array(z.record(z.string(), z.unknown()))),
  checks: z.optional(z.array(z.record(z.string(), z.unknown()))),
  get components() {
    return z.optional(z.array(component, { error: LIST_MESSAGE }));
  },
}) as z.ZodMiniType<TopologyComponent>;

const topologySchema = z.looseObject({
  schedule: z.optional(z.string().check(z.minLength(1, SCHEDULE_MESSAGE))),
  type: text,
  icon: text,
  label: text,
  owner: text,
  statusExpr: text,
  components: z.optional(z.array(component, { error: LIST_MESSAGE })),
  properties: z.optional(z.array(property, { error: LIST_MESSAGE })),
});

export type TopologySpec = z.infer<typeof topologySchema>;

export const topologyContract = defineContract<TopologySpec>({
  kind: 'Topology',
  apiVersion: 'canaries.flanksource.com/v1',
  schema: topologySchema,
  defaults: () => ({ schedule: '@every 10m', components: [] }),
});

/**
 * The Custom Topology form (settings spec §2): the record's fields, the spec as YAML, for the
 * console's editor. @public
 */
export const topologyForm: FormDescription = {
  type: 'topology',
  label: 'Custom Topology',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'text', name: 'namespace', label: 'Namespace', default: 'default' },
    { kind: 'key-value', name: 'labels', label: 'Labels' },
    { kind: 'code', name: 'spec', label: 'Spec', language: 'yaml', required: true },
  ],
};
