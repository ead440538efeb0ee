import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from '../http/app';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** The app on a real HTTP port of 127.0.0.1, as the console would reach it. */
export async function startTestServer(options: AppOptions): Promise<TestServer> {
  const app = createApp(options);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

export function basic(email: string, password = 'opsdeck-demo'): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}
