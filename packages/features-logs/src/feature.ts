import {
  contribute,
  defineFeature,
  linkTo,
  sidebarOrder,
  type FeatureDefinition,
} from '@opsdeck/extensions';
import { shellSlots } from '@opsdeck/extensions/shell';
import { FileSearch } from '@opsdeck/ui';
import { logsRoutes } from './routes.ts';

// Reference §9: POST /api/logs needs logs:read, admin only by default (rbac's `logs.read`).
const canReadLogs = { capability: 'logs.read' } as const;

/**
 * Logs (console §2 /logs): a component's log lines through one of its log selectors. The sidebar
 * item is read on log backends; the page itself needs logs:read, which the server enforces too.
 */
export const logsFeature: FeatureDefinition = defineFeature({
  name: 'logs',
  resource: 'logging_backends',
  sidebar: { label: 'Logs', icon: FileSearch, path: '/logs', order: sidebarOrder.logs },
  routes: [
    {
      path: 'logs',
      ref: logsRoutes.page,
      title: 'Logs',
      access: canReadLogs,
      refreshable: true,
      load: () => import('./pages/logsPage.tsx'),
    },
  ],
  contributions: [
    // The command palette's way to this feature's page (a data contribution: the shell draws it).
    contribute(shellSlots.paletteCommands, {
      id: 'logs.paletteOpen',
      access: canReadLogs,
      value: {
        title: 'Go to Logs',
        keywords: ['logs', 'log lines', 'server log'],
        to: linkTo(logsRoutes.page, {}),
      },
    }),
  ],
});
