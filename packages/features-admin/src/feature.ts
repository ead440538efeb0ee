import { defineFeature, type FeatureDefinition } from '@opsdeck/extensions';
import { Clock } from '@opsdeck/ui';
import { adminRoutes } from './routes.ts';

/**
 * `/settings/jobs` (console §2): the job history. The server guards job_histories as `agents`, so
 * read on agents opens it; its flag `settings.jobs` hides it.
 */
export const jobHistoryFeature: FeatureDefinition = defineFeature({
  name: 'settings.jobs',
  resource: 'agents',
  sidebar: { label: 'Job History', icon: Clock, path: '/settings/jobs', section: 'settings' },
  routes: [
    {
      path: 'settings/jobs',
      ref: adminRoutes.jobs,
      title: 'Job History',
      refreshable: true,
      load: () => import('./pages/jobsPage.tsx'),
    },
  ],
});

/** The administrator's pages, one feature each, for the app's feature list. */
export const adminFeatures: readonly FeatureDefinition[] = [jobHistoryFeature];
