import { z } from 'zod/mini';
import { defineContract } from '../contract.ts';
import { parseDuration } from '../playbook/duration.ts';
import { resourceSelectorSchema } from '../playbook/spec.ts';

// The IncidentRule CRD's spec (mission-control.flanksource.com/v1, mc api/v1/incident_rule_types.go;
// the incident_rules table keeps it in `spec`). Loose objects: responders and templates grow.

const duration = z
  .string({ error: 'must be a duration such as 15m' })
  .check(z.refine((value) => parseDuration(value) !== undefined, 'must be a duration such as 15m'));

const emailResponder = z.looseObject({
  to: z
    .string({ error: 'an email responder needs a to address' })
    .check(z.minLength(1, 'an email responder needs a to address')),
  subject: z.optional(z.string()),
  body: z.optional(z.string()),
});

export const incidentRuleSpecSchema = z.looseObject({
  name: z.optional(z.string()),
  priority: z.optional(z.int({ error: 'the priority is a whole number' })),
  breakOnMatch: z.optional(z.boolean()),
  autoAssignOwner: z.optional(z.boolean()),
  filter: z.optional(
    z.looseObject({
      status: z.optional(z.array(z.string())),
      severity: z.optional(z.array(z.string())),
      category: z.optional(z.array(z.string())),
      age: z.optional(duration),
    }),
  ),
  components: z.optional(z.array(resourceSelectorSchema)),
  hoursOfOperation: z.optional(z.array(z.unknown())),
  autoClose: z.optional(z.looseObject({ timeout: duration })),
  autoResolve: z.optional(z.looseObject({ timeout: duration })),
  responders: z.optional(
    z.looseObject({
      email: z.optional(z.array(emailResponder)),
    }),
  ),
  template: z.optional(
    z.looseObject({
      title: z.optional(z.string()),
      description: z.optional(z.string()),
      severity: z.optional(z.string()),
      type: z.optional(z.string()),
    }),
  ),
});
export type IncidentRuleSpec = z.infer<typeof incidentRuleSpecSchema>;

export const incidentRuleContract = defineContract<IncidentRuleSpec>({
  kind: 'IncidentRule',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: incidentRuleSpecSchema,
  defaults: () => ({ priority: 1, breakOnMatch: true }),
});
