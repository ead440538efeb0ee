import { authService } from './auth/service.ts';
import { canaryService } from './canary/service.ts';
import { catalogService } from './catalog/service.ts';
import { changesService } from './changes/service.ts';
import { coreService } from './core/service.ts';
import type { Service } from './defineService.ts';
import { generalService } from './general/service.ts';
import { identityService } from './identity/service.ts';
import { incidentsService } from './incidents/service.ts';
import { logsService } from './logs/service.ts';
import { notificationsService } from './notifications/service.ts';
import { playbooksService } from './playbooks/service.ts';
import { createServiceRegistry, type ServiceRegistry } from './registry.ts';
import { referenceService } from './reference/service.ts';
import { settingsService } from './settings/service.ts';
import { topologyService } from './topology/service.ts';
import { viewsService } from './views/service.ts';

/**
 * The server's service modules, in the order their migrations and demo seeds run and their routes
 * are mounted: core first, then each module after the ones it depends on. A new feature adds its
 * module here (after its dependencies); nothing else central changes.
 */
export const SERVICES: readonly Service[] = [
  coreService,
  canaryService,
  topologyService,
  catalogService,
  incidentsService,
  playbooksService,
  settingsService,
  notificationsService,
  authService,
  generalService,
  identityService,
  referenceService,
  logsService,
  viewsService,
  // Last: its migration and triggers cover every table the modules above declare.
  changesService,
];

let defaultRegistry: ServiceRegistry | undefined;

/** The registry of SERVICES, checked once on first use. */
export function defaultServiceRegistry(): ServiceRegistry {
  return (defaultRegistry ??= createServiceRegistry(SERVICES));
}
