import type { ReactNode } from 'react';
import type { Access } from './access.ts';

// Phantom: carries the props type through a slot without a runtime field. A function type, so a
// slot of specific props is a `Slot<never>`: the type of "any contribution" in a feature's list.
declare const propsOf: unique symbol;

/** A place in one feature's page that other features fill (an actions bar, a detail page's tabs). */
export interface Slot<P extends object> {
  readonly kind: 'slot';
  readonly id: string;
  readonly [propsOf]?: (props: P) => void;
}

export function createSlot<P extends object>(id: string): Slot<P> {
  return { kind: 'slot', id };
}

/**
 * One feature's part in a slot, as data: the host sees it only once the app has checked the
 * contributing feature's flag and read access and this `access`, and loads it only when drawn.
 */
export interface Contribution<P extends object> {
  readonly slot: Slot<P>;
  /** Unique in the app: `feature.what`, like "playbooks.checkActions". */
  readonly id: string;
  /** A tab's label, or an action's accessible name. */
  readonly title: string;
  /** For tab slots: the sub-page's path segment below the host's detail page. */
  readonly path?: string;
  /** Lower first; ties keep registration order. */
  readonly order?: number;
  readonly access?: Access;
  readonly load: () => Promise<SlotComponent<P>>;
}

/** A function component drawn in a slot (a plain function type, so contributions of any props list together). */
export type SlotComponent<P extends object> = (props: P) => ReactNode;

export function contribute<P extends object>(
  slot: Slot<P>,
  contribution: Omit<Contribution<P>, 'slot'>,
): Contribution<P> {
  return { ...contribution, slot };
}

/** What a slot's contribution learns about the record it is drawn for. */
export interface CheckRef {
  id: string;
  name: string;
  canaryId: string | null;
}

export interface ConfigRef {
  id: string;
  name: string;
  type: string | null;
}

export interface ComponentRef {
  id: string;
  name: string;
}

/**
 * The slots features offer each other. A feature that hosts a new one adds it here (a slot is a
 * contract between features, so it lives below all of them); contributions name it by reference.
 */
export const slots = {
  /** The health check modal's footer (Playbooks, Attach as Evidence). */
  checkActions: createSlot<{ check: CheckRef }>('check.actions'),
  /** A config's detail page header. */
  configActions: createSlot<{ config: ConfigRef }>('config.actions'),
  /** A config's detail sub-pages beside Spec (Playbooks, Checks…). */
  configTabs: createSlot<{ config: ConfigRef }>('config.tabs'),
  /** A topology component's header and side panel. */
  componentActions: createSlot<{ component: ComponentRef }>('component.actions'),
  /** A topology component's detail tabs. */
  componentTabs: createSlot<{ component: ComponentRef }>('component.tabs'),
} as const;
