// `@opsdeck/features-catalog/slots`: what other features import to fill a config's page.
// Ids and types only (opsdeck/slots-entry): naming a slot loads none of the catalog's code.
import { createComponentSlot } from '@opsdeck/extensions';

/** What a config page contribution learns about the config it is drawn for. */
export interface ConfigRef {
  id: string;
  name: string;
  type: string | null;
}

/** The slots the catalog hosts. */
export const catalogSlots = {
  /** A config's detail page header. */
  configActions: createComponentSlot<{ config: ConfigRef }>('catalog.configActions'),
  /** A config's detail sub-pages beside Spec (Playbooks, Checks…). */
  configTabs: createComponentSlot<{ config: ConfigRef }>('catalog.configTabs'),
};
