import { Hono, type MiddlewareHandler } from 'hono';
import { RESOURCES } from '@opsdeck/rbac';
import type { Database } from '../../db/database.ts';
import type { AppEnv } from '../../http/env.ts';
import { forbidden } from '../../http/errors.ts';

/** GET /api/properties: readable without a session, the console reads feature flags before sign-in. */
export function propertiesRoutes(db: Database) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { rows } = await db.query<{ name: string; value: string | null }>(
      'SELECT name, value FROM properties WHERE deleted_at IS NULL ORDER BY name',
    );
    return c.json(
      rows.map((row) => ({
        name: row.name,
        value: row.value ?? '',
        source: 'db',
        type: 'string',
        description: '',
      })),
    );
  });
  return app;
}

/** GET /api/about, public like Mission Control's. */
export function aboutRoutes(version: string) {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => c.json({ appVersion: version, chartVersion: version }));
  return app;
}

/** GET /api/kubeconfig: a kubeconfig pointing kubectl at this server for the signed-in person. */
export function kubeconfigRoutes(publicUrl: string | undefined) {
  const app = new Hono<AppEnv>();
  app.get('/', readsSomething, (c) => {
    // The configured address, not the Host header: a forged Host must not point kubectl elsewhere.
    const server = publicUrl ?? new URL(c.req.url).origin;
    const user = c.get('user');
    const kubeconfig = [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: opsdeck',
      '  cluster:',
      `    server: ${server}/api`,
      'contexts:',
      '- name: opsdeck',
      '  context:',
      '    cluster: opsdeck',
      `    user: ${user.email ?? user.name}`,
      'current-context: opsdeck',
      'users:',
      `- name: ${user.email ?? user.name}`,
      '  user: {}',
      '',
    ].join('\n');
    return c.body(kubeconfig, 200, {
      'Content-Type': 'application/yaml',
      'Content-Disposition': 'attachment; filename="kubeconfig.yaml"',
    });
  });
  return app;
}

// §6: a guest reads nothing, so has no use for (and gets no) cluster address.
const readsSomething: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('authorizer').canAny(RESOURCES.map((resource) => [resource, 'read'] as const)))
    throw forbidden('the kubeconfig needs read access to something');
  await next();
};
