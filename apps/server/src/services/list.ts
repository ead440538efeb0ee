import { authService } from './auth/service';
import { canaryService } from './canary/service';
import { catalogService } from './catalog/service';
import { coreService } from './core/service';
import type { Service } from './defineService';
import { generalService } from './general/service';
import { identityService } from './identity/service';
import { incidentsService } from './incidents/service';
import { notificationsService } from './notifications/service';
import { playbooksService } from './playbooks/service';
import { createServiceRegistry, type ServiceRegistry } from './registry';
import { settingsService } from './settings/service';
import { topologyService } from './topology/service';

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
];

let defaultRegistry: ServiceRegistry | undefined;

/** The registry of SERVICES, checked once on first use. */
export function defaultServiceRegistry(): ServiceRegistry {
  return (defaultRegistry ??= createServiceRegistry(SERVICES));
}
