import { z } from 'zod/mini';
import { defineContract } from '../contract.ts';
import { resourceSelectorSchema } from '../playbook/spec.ts';

// The Team CRD's spec (mission-control.flanksource.com/v1; the teams table keeps it in `spec`,
// settings §"Settings resource kinds": default an empty object). Loose: fields Mission Control adds
// later still load.
export const teamSpecSchema = z.looseObject({
  displayName: z.optional(z.string()),
  icon: z.optional(z.string()),
  /** People by email or id. */
  members: z.optional(z.array(z.string().check(z.minLength(1, 'a member needs an email or id')))),
  /** Components the team owns (ResourceSelectors). */
  components: z.optional(z.array(resourceSelectorSchema)),
  notifications: z.optional(z.array(z.looseObject({}))),
});
export type TeamSpec = z.infer<typeof teamSpecSchema>;

export const teamContract = defineContract<TeamSpec>({
  kind: 'Team',
  apiVersion: 'mission-control.flanksource.com/v1',
  schema: teamSpecSchema,
  defaults: () => ({}),
});
