import { defineService } from '../defineService.ts';
import { aboutRoutes, kubeconfigRoutes, propertiesRoutes } from './routes.ts';
import { seedProperties } from './seed.ts';

/** Properties (feature flags), about and the kubeconfig download. */
export const generalService = defineService({
  name: 'general',
  routes: [
    { base: '/api/properties', public: true, app: ({ db }) => propertiesRoutes(db) },
    { base: '/api/about', public: true, app: ({ version }) => aboutRoutes(version) },
    { base: '/api/kubeconfig', app: ({ config }) => kubeconfigRoutes(config.publicUrl) },
  ],
  migrations: true,
  tables: {
    // "system" in Mission Control.
    properties: { object: 'feature_flags' },
  },
  seed: seedProperties,
});
