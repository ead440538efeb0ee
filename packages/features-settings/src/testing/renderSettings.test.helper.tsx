import { renderPages } from '@opsdeck/testing/react';
import { settingsFeatures } from '../feature.ts';
import { ResourceEditPage } from '../ResourceEditor/ResourceEditPage.tsx';
import { ResourceListPage } from '../ResourceList/ResourceListPage.tsx';

/** The settings pages in a data router at `url` (the unsaved-changes prompt needs one). */
export function renderSettings(
  url: string,
  { baseUrl, role = 'admin' }: { baseUrl: string; role?: string },
) {
  return renderPages(url, {
    baseUrl,
    role,
    features: settingsFeatures,
    routes: [
      { path: '/settings/:segment', element: <ResourceListPage /> },
      { path: '/settings/:segment/:id', element: <ResourceEditPage /> },
      { path: '/settings/integrations', element: <p>Integrations</p> },
    ],
  });
}
