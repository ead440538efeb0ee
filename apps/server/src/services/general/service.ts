import { sourceGuard } from '../../resources/sourceGuard.ts';
import { defineService } from '../defineService.ts';
import { aboutRoutes, kubeconfigRoutes, propertiesRoutes } from './routes.ts';
import { seedProperties } from './seed.ts';

/** Properties (feature flags), about and the kubeconfig download. */
export const generalService = defineService({
  name: 'general',
  // Its job_history_summary view reads the settings module's job_history.
  dependsOn: ['settings'],
  routes: [
    { base: '/api/properties', public: true, app: ({ db }) => propertiesRoutes(db) },
    { base: '/api/about', public: true, app: ({ version }) => aboutRoutes(version) },
    { base: '/api/kubeconfig', app: ({ config }) => kubeconfigRoutes(config.publicUrl) },
  ],
  migrations: true,
  tables: {
    // "system" in Mission Control.
    // A property set where the server is configured (source ConfigFile…) changes only there: 409.
    properties: { object: 'feature_flags', guardWrite: sourceGuard('property') },
    // Job history per job name (reference §6); read as job_history itself is.
    job_history_summary: { object: 'agents' },
  },
  seed: seedProperties,
});
