export { playbookContract } from './contract.ts';
export { parseDuration } from './duration.ts';
export {
  actionKind,
  playbookActionKinds,
  resourceSelectorSchema,
  type EnvValue,
  type PlaybookAction,
  type PlaybookActionKind,
  type PlaybookParameter,
  type PlaybookSpec,
  type ResourceSelector,
  type WebhookTrigger,
} from './spec.ts';
/** The choices a playbook's form offers: parameter types and on.canary events. @public */
export { canaryTriggerEvents, playbookParameterTypes, type PlaybookParameterType } from './spec.ts';
