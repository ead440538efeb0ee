import type { ReactNode } from 'react';
import type { Access } from './access.ts';

// Phantoms: carry the props or value type through a slot without a runtime field. The props one is
// a function type, so a slot of specific props is a `ComponentSlot<never>`: the type of "any
// contribution" in a feature's list. A data slot's value is read by its host, so it is covariant.
declare const propsOf: unique symbol;
declare const valueOf: unique symbol;

/**
 * A place in one feature's page that other features fill with components (an actions bar, a
 * detail page's tabs). The host declares it in its own `/slots` entry, beside the props type.
 */
export interface ComponentSlot<P extends object> {
  readonly kind: 'component';
  readonly id: string;
  readonly [propsOf]?: (props: P) => void;
}

/**
 * A place that other features fill with typed data rather than components: a palette command, a
 * search provider, a settings section, an event renderer. The host reads the values (useSlotData,
 * or `view.data(slot)` without React) and decides how to draw them.
 */
export interface DataSlot<T> {
  readonly kind: 'data';
  readonly id: string;
  readonly [valueOf]?: T;
}

/** Either kind of slot, as the registry files them. */
export type AnySlot = ComponentSlot<never> | DataSlot<unknown>;

// `host.name`: the host's feature name (or `shell`), so an id says who declares it.
const SLOT_ID = /^[a-z][a-z0-9-]*\.[a-zA-Z][a-zA-Z0-9-]*$/;

function checkSlotId(kind: string, id: string): void {
  if (!SLOT_ID.test(id))
    throw new Error(`${kind}("${id}"): the id is "host.name", like "health.checkActions"`);
}

export function createComponentSlot<P extends object>(id: string): ComponentSlot<P> {
  checkSlotId('createComponentSlot', id);
  return { kind: 'component', id };
}

export function createDataSlot<T>(id: string): DataSlot<T> {
  checkSlotId('createDataSlot', id);
  return { kind: 'data', id };
}

/** A function component drawn in a slot (a plain function type, so contributions of any props list together). */
export type SlotComponent<P extends object> = (props: P) => ReactNode;

interface ContributionBase {
  /** Unique in the app: `feature.what`, like "playbooks.checkActions". */
  readonly id: string;
  /** Lower first; ties keep registration order. */
  readonly order?: number;
  readonly access?: Access;
}

/**
 * One feature's part in a component slot, as data: the host sees it only once the app has checked
 * the contributing feature's flag and read access and this `access`, and loads it only when drawn.
 */
export interface ComponentContribution<P extends object> extends ContributionBase {
  readonly kind: 'component';
  readonly slot: ComponentSlot<P>;
  /** A tab's label, or an action's accessible name. */
  readonly title: string;
  /** For tab slots: the sub-page's path segment below the host's detail page. */
  readonly path?: string;
  readonly load: () => Promise<SlotComponent<P>>;
}

/** One feature's value in a data slot, filtered by flag and access like a component contribution. */
export interface DataContribution<T> extends ContributionBase {
  readonly kind: 'data';
  readonly slot: DataSlot<T>;
  readonly value: T;
}

/** A feature's list of contributions, whatever slots they fill. */
export type Contribution = ComponentContribution<never> | DataContribution<unknown>;

/** Fills a component slot (`load` gives the component) or a data slot (`value` is the data). */
export function contribute<P extends object>(
  slot: ComponentSlot<P>,
  contribution: Omit<ComponentContribution<P>, 'slot' | 'kind'>,
): ComponentContribution<P>;
export function contribute<T>(
  slot: DataSlot<T>,
  contribution: Omit<DataContribution<NoInfer<T>>, 'slot' | 'kind'>,
): DataContribution<T>;
export function contribute(
  slot: AnySlot,
  contribution: object,
): ComponentContribution<never> | DataContribution<unknown> {
  return { ...contribution, slot, kind: slot.kind } as
    ComponentContribution<never> | DataContribution<unknown>;
}
