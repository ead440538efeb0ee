import { mergeInvalidations } from '@opsdeck/api-client';
import { adminInvalidations } from '@opsdeck/api-client/admin';
import { catalogInvalidations } from '@opsdeck/api-client/catalog';
import { healthInvalidations } from '@opsdeck/api-client/health';
import { incidentInvalidations } from '@opsdeck/api-client/incidents';
import { notificationInvalidations } from '@opsdeck/api-client/notifications';
import { peopleInvalidations } from '@opsdeck/api-client/people';
import { playbookInvalidations } from '@opsdeck/api-client/playbooks';
import { settingsInvalidations } from '@opsdeck/api-client/settings';
import { topologyInvalidations } from '@opsdeck/api-client/topology';
import { viewsInvalidations } from '@opsdeck/api-client/views';

/** Every api-client domain's table → query keys map, which the change stream applies. */
export const consoleInvalidations = mergeInvalidations(
  healthInvalidations,
  topologyInvalidations,
  catalogInvalidations,
  incidentInvalidations,
  playbookInvalidations,
  peopleInvalidations,
  notificationInvalidations,
  settingsInvalidations,
  adminInvalidations,
  viewsInvalidations,
);
