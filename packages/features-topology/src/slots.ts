// `@opsdeck/features-topology/slots`: what other features import to fill a component's page.
// Ids and types only (opsdeck/slots-entry): naming a slot loads none of topology's code.
import { createComponentSlot } from '@opsdeck/extensions';

/** What a component page contribution learns about the component it is drawn for. */
export interface ComponentRef {
  id: string;
  name: string;
}

/** The slots the topology feature hosts. */
export const topologySlots = {
  /** A component's header and side panel actions. */
  componentActions: createComponentSlot<{ component: ComponentRef }>('topology.componentActions'),
  /** A component's side panel sections (config changes, insights…). */
  componentTabs: createComponentSlot<{ component: ComponentRef }>('topology.componentTabs'),
};
