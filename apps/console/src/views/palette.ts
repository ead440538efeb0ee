import { searchSavedViews } from '@opsdeck/api-client/views';
import { contribute, defineFeature, type FeatureDefinition } from '@opsdeck/extensions';
import {
  shellSlots,
  type PaletteSearchProvider,
  type SavedViewProvider,
} from '@opsdeck/extensions/shell';

/** The saved view pages the features register, by the path of their route. */
function savedViewTargets(features: readonly FeatureDefinition[]): Map<string, SavedViewProvider> {
  const targets = new Map<string, SavedViewProvider>();
  for (const feature of features)
    for (const contribution of feature.contributions ?? [])
      if (
        contribution.kind === 'data' &&
        contribution.slot.id === shellSlots.savedViewProviders.id
      ) {
        const provider = contribution.value as SavedViewProvider;
        const route = findRoute(features, provider.to.ref.id);
        if (route) targets.set(route, provider);
      }
  return targets;
}

function findRoute(features: readonly FeatureDefinition[], refId: string): string | undefined {
  for (const feature of features)
    for (const route of feature.routes)
      if (route.ref?.id === refId) return `/${route.path.replace(/^\/+/, '')}`;
  return undefined;
}

/** A query string as the search object of a link (a repeated parameter as an array). */
function searchOf(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query);
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    out[name] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/**
 * The palette's "Saved views": my views and my teams' by name, each opening its page with its
 * search. `features` is read when the palette searches (the console's list includes this one).
 */
function savedViewsPaletteProvider(
  features: () => readonly FeatureDefinition[],
): PaletteSearchProvider {
  let targets: Map<string, SavedViewProvider> | undefined;
  return {
    title: 'Saved views',
    async search(text, { apiClient, signal }) {
      targets ??= savedViewTargets(features());
      const views = await searchSavedViews(apiClient, text, { signal, limit: 8 });
      return views.flatMap((view) => {
        const target = targets?.get(view.page);
        return target
          ? [
              {
                id: view.id,
                title: view.name,
                description: `${target.title}${view.teamId ? ' · shared' : ''}`,
                to: { ...target.to, search: searchOf(view.search) },
              },
            ]
          : [];
      });
    },
  };
}

/**
 * The console's own contribution (not a feature package's): saved views in the command palette.
 * Every signed-in role keeps saved views; the palette shows a view only on a page the user may open.
 */
export function savedViewsFeature(features: () => readonly FeatureDefinition[]): FeatureDefinition {
  return defineFeature({
    name: 'views',
    resource: 'canaries',
    // Every view I may open, by page (the palette's list as a page; no sidebar item).
    routes: [{ path: 'views', title: 'Saved views', load: () => import('./savedViewsPage.ts') }],
    contributions: [
      contribute(shellSlots.paletteSearchProviders, {
        id: 'views.paletteSearch',
        value: savedViewsPaletteProvider(features),
      }),
    ],
  });
}
