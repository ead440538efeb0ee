import { contribute, defineFeature, linkTo, type FeatureDefinition } from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { Clock, FileSearch, Inbox, Lock, Server, Settings, User } from '@opsdeck/ui';
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
  contributions: [
    // Its filters may be saved as a named view (issue 38): the shell draws the Views control.
    contribute(shellSlots.savedViewProviders, {
      id: 'settings.jobs.savedViews',
      value: { title: 'Job History', to: linkTo(adminRoutes.jobs, {}) },
    }),
  ],
});

/**
 * `/settings/users` (console §2: read on identities): the people with their roles; inviting,
 * changing roles and deactivating are an admin's (write on identities, the server's rule too).
 */
export const usersFeature: FeatureDefinition = defineFeature({
  name: 'settings.users',
  resource: 'identities',
  sidebar: { label: 'Users', icon: User, path: '/settings/users', section: 'settings' },
  routes: [
    {
      path: 'settings/users',
      ref: adminRoutes.users,
      title: 'Users',
      refreshable: true,
      load: () => import('./pages/usersPage.tsx'),
    },
  ],
  contributions: [
    // People by name in the palette; the search code loads when the palette first searches.
    contribute(shellSlots.paletteSearchProviders, {
      id: 'settings.users.palettePeople',
      value: {
        title: 'People',
        search: (text, context) =>
          import('./palette.ts').then(({ searchPeople }) => searchPeople(text, context)),
      },
    }),
    // The users page's Invite user dialog, for admins (write on identities, as the button).
    contribute(shellSlots.paletteActions, {
      id: 'settings.users.paletteInvite',
      access: { action: 'write' },
      value: {
        title: 'Invite user',
        keywords: ['add user', 'people', 'invite'],
        to: linkTo(adminRoutes.users, {}, { invite: 'user' }),
      },
    }),
  ],
});

/**
 * `/settings/permissions` (console §2: read on permissions); Add Permission and the editor's
 * Save/Update/Delete need write on permissions (the server's rule too).
 */
export const permissionsFeature: FeatureDefinition = defineFeature({
  name: 'settings.permissions',
  resource: 'permissions',
  sidebar: { label: 'Permissions', icon: Lock, path: '/settings/permissions', section: 'settings' },
  routes: [
    {
      path: 'settings/permissions',
      ref: adminRoutes.permissions,
      title: 'Permissions',
      refreshable: true,
      load: () => import('./pages/permissionsPage.tsx'),
    },
  ],
});

/** `/settings/feature-flags`: the properties; writes need write on feature_flags (the server's rule). */
export const featureFlagsFeature: FeatureDefinition = defineFeature({
  name: 'settings.feature_flags',
  resource: 'feature_flags',
  sidebar: {
    label: 'Feature Flags',
    icon: Settings,
    path: '/settings/feature-flags',
    section: 'settings',
  },
  routes: [
    {
      path: 'settings/feature-flags',
      ref: adminRoutes.featureFlags,
      title: 'Feature Flags',
      refreshable: true,
      load: () => import('./pages/featureFlagsPage.tsx'),
    },
  ],
});

/** `/settings/agents` (console §2: read on agents); registering and deleting need write on agents. */
export const agentsFeature: FeatureDefinition = defineFeature({
  name: 'settings.agents',
  resource: 'agents',
  sidebar: { label: 'Agents', icon: Server, path: '/settings/agents', section: 'settings' },
  routes: [
    {
      path: 'settings/agents',
      ref: adminRoutes.agents,
      title: 'Agents',
      refreshable: true,
      load: () => import('./pages/agentsPage.tsx'),
    },
  ],
});

/**
 * `/settings/event-queue-status` (console §2): the events waiting and failing. The server guards
 * event_queue_summary and event_queue as `database`, so read on database opens it.
 */
export const eventQueueFeature: FeatureDefinition = defineFeature({
  name: 'settings.event_queue',
  resource: 'database',
  sidebar: {
    label: 'Event Queue',
    icon: Inbox,
    path: '/settings/event-queue-status',
    section: 'settings',
  },
  routes: [
    {
      path: 'settings/event-queue-status',
      ref: adminRoutes.eventQueue,
      title: 'Event Queue',
      refreshable: true,
      load: () => import('./pages/eventQueuePage.tsx'),
    },
  ],
});

/** `/settings/audit` (issue 37, beyond the reference): every recorded write; admins only (audit). */
export const auditFeature: FeatureDefinition = defineFeature({
  name: 'settings.audit',
  resource: 'audit',
  sidebar: { label: 'Audit Trail', icon: FileSearch, path: '/settings/audit', section: 'settings' },
  routes: [
    {
      path: 'settings/audit',
      ref: adminRoutes.audit,
      title: 'Audit Trail',
      refreshable: true,
      load: () => import('./pages/auditPage.tsx'),
    },
  ],
});

/** The administrator's pages, one feature each, for the app's feature list. */
export const adminFeatures: readonly FeatureDefinition[] = [
  jobHistoryFeature,
  usersFeature,
  permissionsFeature,
  featureFlagsFeature,
  agentsFeature,
  eventQueueFeature,
  auditFeature,
];
