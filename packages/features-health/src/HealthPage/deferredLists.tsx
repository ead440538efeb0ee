import { lazy, Suspense, useState, type ComponentType } from 'react';
import type * as healthLists from './healthLists.ts';

type ListsModule = typeof healthLists;

let loaded: ListsModule | null = null;
let loading: Promise<ListsModule> | null = null;

/**
 * Loads the lists chunk (rows, cards, virtualizer, label filters, ~16 KB gzip), once. The page
 * starts this when its module evaluates, ahead of the summary request, so the rows never wait for it.
 */
export function loadLists(): Promise<ListsModule> {
  // A failed load is forgotten, so the next caller retries it.
  return (loading ??= import('./healthLists.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/**
 * A part of the lists chunk as a component. Once the chunk is in, it renders directly: going
 * through lazy() would suspend again, and a part keeps the component it mounted with so it never
 * remounts (and loses its scroll position) when the chunk arrives.
 */
function deferred<P extends object>(
  pick: (module: ListsModule) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => loadLists().then((module) => ({ default: pick(module) })));
  return function DeferredPart(props: P) {
    const [Part] = useState<ComponentType<P>>(() => (loaded ? pick(loaded) : Lazy));
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

export const HealthTable = deferred((module) => module.HealthTable);
export const HealthCards = deferred((module) => module.HealthCards);
export const LabelFilters = deferred((module) => module.LabelFilters);
export const SummaryError = deferred((module) => module.ErrorPage);
export const NoMatchingChecks = deferred((module) => module.EmptyState);
