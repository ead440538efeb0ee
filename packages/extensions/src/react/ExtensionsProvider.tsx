import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type {
  ExternalRouteRef,
  LinkTarget,
  RouteLink,
  RouteParams,
  RouteRef,
} from '../routeRefs.ts';
import type { ComponentContribution, ComponentSlot, DataSlot } from '../slots.ts';
import { emptyExtensionView, resolveLink, type ExtensionView, type VisibleData } from '../view.ts';

const ExtensionsContext = createContext<ExtensionView>(emptyExtensionView);

/** The app gives its features the user's view of the extension points (createExtensionView). */
export function ExtensionsProvider({
  view,
  children,
}: {
  view: ExtensionView;
  children: ReactNode;
}) {
  return <ExtensionsContext.Provider value={view}>{children}</ExtensionsContext.Provider>;
}

/**
 * A path builder for a route of this feature or a bound external route; undefined when the route
 * leads nowhere this user may go (draw no link then). Without a provider nothing is bound.
 */
export function useRouteLink<P extends RouteParams, S extends object>(
  ref: RouteRef<P, S> | ExternalRouteRef<P, S>,
): RouteLink<P, S> | undefined {
  return useContext(ExtensionsContext).link(ref);
}

/** Turns a link given as data (`linkTo(...)`) into an address, or undefined where it leads nowhere. @public */
export function useLinkResolver(): (target: LinkTarget) => string | undefined {
  const view = useContext(ExtensionsContext);
  return useCallback((target: LinkTarget) => resolveLink(view, target), [view]);
}

/** The values this user may use in a data slot (palette commands, settings sections…), in order. @public */
export function useSlotData<T>(slot: DataSlot<T>): readonly VisibleData<T>[] {
  return useContext(ExtensionsContext).data(slot);
}

export interface SlotItem<P extends object> {
  id: string;
  title: string;
  path?: string;
  /** Loads the contribution's chunk on first render. */
  Component: LazyExoticComponent<ComponentType<P>>;
}

// One lazy component per contribution for the life of the page, so re-renders never reload it.
const lazyComponents = new WeakMap<object, unknown>();

function lazyOf<P extends object>(
  contribution: ComponentContribution<P>,
): LazyExoticComponent<ComponentType<P>> {
  let component = lazyComponents.get(contribution) as
    LazyExoticComponent<ComponentType<P>> | undefined;
  if (!component) {
    component = lazy(() =>
      contribution.load().then((loaded) => ({ default: loaded as ComponentType<P> })),
    );
    lazyComponents.set(contribution, component);
  }
  return component;
}

/** The contributions this user may see in a slot, ready to render (tabs read `title` and `path`). */
export function useSlot<P extends object>(slot: ComponentSlot<P>): readonly SlotItem<P>[] {
  const view = useContext(ExtensionsContext);
  const visible = view.contributions(slot);
  return useMemo(
    () =>
      visible.map(({ contribution }) => ({
        id: contribution.id,
        title: contribution.title,
        path: contribution.path,
        Component: lazyOf(contribution),
      })),
    [visible],
  );
}

/**
 * Draws every visible contribution of an actions-like slot with the host's props, each loading on its
 * own (nothing is shown for one still loading). Nothing at all when the slot has none.
 */
export function SlotOutlet<P extends object>({
  slot,
  props,
}: {
  slot: ComponentSlot<P>;
  props: P;
}) {
  const items = useSlot(slot);
  if (items.length === 0) return null;
  return (
    <>
      {items.map(({ id, Component }) => (
        <Suspense key={id} fallback={null}>
          <Component {...props} />
        </Suspense>
      ))}
    </>
  );
}
