export { playbookContract } from './contract.ts';
export { parseDuration } from './duration.ts';
export {
  actionKind,
  canaryTriggerEvents,
  performedActionKinds,
  playbookActionKinds,
  playbookParameterTypes,
  playbookSpecSchema,
  resourceSelectorSchema,
  type EnvValue,
  type PlaybookAction,
  type PlaybookActionKind,
  type PlaybookParameter,
  type PlaybookParameterType,
  type PlaybookSpec,
  type ResourceSelector,
  type WebhookTrigger,
} from './spec.ts';
