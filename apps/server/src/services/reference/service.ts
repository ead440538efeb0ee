import { Hono } from 'hono';
import { defineService } from '../defineService.ts';
import type { AppEnv } from '../../http/env.ts';

/**
 * Routes of the reference's features that are outside this product (custom views, dashboards,
 * plugins; reference/mission-control-areas.md and apps/server/README.md "Reference requests"):
 * each answers the empty valid reply the reference console expects, so its pages render instead of
 * waiting on a 404. Any signed-in person may ask; nothing is there to read.
 */
export const referenceService = defineService({
  name: 'reference',
  routes: [
    // Custom views of a config (`?config_id=`) or of the sidebar: none.
    { base: '/api/view', app: () => new Hono<AppEnv>().get('/list', (c) => c.json([])) },
    // Dashboards: none.
    { base: '/api/dashboard', app: () => new Hono<AppEnv>().get('/', (c) => c.json([])) },
    // Installed plugins: none.
    { base: '/api/plugins', app: () => new Hono<AppEnv>().get('/', (c) => c.json([])) },
  ],
});
