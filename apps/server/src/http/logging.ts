import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

export type Logger = (entry: Record<string, unknown>) => void;

/** One JSON object per line on stdout, as log shippers expect. */
export const jsonLogger: Logger = (entry) => {
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'info', ...entry })}\n`,
  );
};

export const silentLogger: Logger = () => undefined;

/** One log line per request: method, path, status, duration and who asked. */
export function requestLogger(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log({
      msg: 'request',
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      user: c.get('user')?.email,
    });
  };
}
