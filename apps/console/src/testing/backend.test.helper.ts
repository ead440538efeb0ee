// A stand-in backend on 127.0.0.1 speaking the contract the shell reads (mission-control-api.md):
// properties, about, whoami, the Kratos session check and a login flow. The test changes `state`
// to play a role, switch a feature off, or make a call fail. End-to-end tests use apps/server itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BackendState {
  /** null: nobody is signed in (whoami and the session check answer 401). */
  roles: string[] | null;
  properties: Array<{ name: string; value: string }>;
  /** Milliseconds before /api/properties answers (the feature flags arrive late). */
  propertiesDelay: number;
  /** Milliseconds whoami waits before answering. */
  whoamiDelay: number;
  /** How many more whoami calls answer 401 although the Kratos session is good (-1: all of them). */
  whoamiRefusals: number;
}

export interface TestBackend {
  /** `http://127.0.0.1:port/api` */
  apiBaseUrl: string;
  kratosBasePath: string;
  state: BackendState;
  requests: string[];
  /** The Authorization header of each request, in the order of `requests` (hosted direct mode sends a bearer token). */
  authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

const user = { id: '6d3c0ad2-3b0e-4d7a-9d59-1f2b0c7e9a10', name: 'Ada Admin', email: 'ada@example.org' };

function loginFlow(origin: string, returnTo: string | null) {
  const now = new Date();
  return {
    id: 'f7e1c2d4-0000-4000-8000-000000000001',
    type: 'browser',
    state: 'choose_method',
    expires_at: new Date(now.getTime() + 600_000).toISOString(),
    issued_at: now.toISOString(),
    request_url: `${origin}/self-service/login/browser`,
    ...(returnTo ? { return_to: returnTo } : {}),
    refresh: false,
    requested_aal: 'aal1',
    ui: {
      action: `${origin}/api/.ory/self-service/login?flow=f7e1c2d4-0000-4000-8000-000000000001`,
      method: 'POST',
      nodes: [
        { type: 'input', group: 'default', attributes: { name: 'csrf_token', type: 'hidden', value: 'csrf', required: true, disabled: false, node_type: 'input' }, messages: [], meta: {} },
        {
          type: 'input',
          group: 'default',
          attributes: { name: 'identifier', type: 'text', value: '', required: true, disabled: false, node_type: 'input' },
          messages: [],
          meta: { label: { id: 1070004, text: 'E-Mail', type: 'info' } },
        },
      ],
    },
  };
}

export async function startTestBackend(initial: Partial<BackendState> = {}): Promise<TestBackend> {
  const state: BackendState = { roles: ['admin'], properties: [], propertiesDelay: 0, whoamiDelay: 0, whoamiRefusals: 0, ...initial };
  const requests: string[] = [];
  const authorizations: Array<string | undefined> = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    authorizations.push(request.headers.authorization);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const signedIn = state.roles !== null;
    switch (url.pathname) {
      case '/api/properties': {
        const answer = () =>
          json(200, state.properties.map(({ name, value }) => ({ name, value, source: 'db', type: 'string', description: '' })));
        if (state.propertiesDelay > 0) setTimeout(answer, state.propertiesDelay);
        else answer();
        return;
      }
      case '/api/about':
        return json(200, { appVersion: '9.9.9', chartVersion: '9.9.9' });
      case '/api/auth/whoami': {
        const refused = state.whoamiRefusals !== 0;
        if (state.whoamiRefusals > 0) state.whoamiRefusals -= 1;
        const answer = () =>
          signedIn && !refused
            ? json(200, { message: 'success', payload: { user, roles: state.roles, permissions: [], hostname: 'test' } })
            : json(401, { error: 'unauthorized', message: 'authentication required' });
        if (state.whoamiDelay > 0) setTimeout(answer, state.whoamiDelay);
        else answer();
        return;
      }
      case '/api/.ory/sessions/whoami':
        return signedIn
          ? json(200, { id: 's1', active: true, identity: { id: user.id, schema_id: 'default', schema_url: '', traits: { email: user.email, name: { first: 'Ada', last: 'Admin' } } } })
          : json(401, { error: { code: 401, status: 'Unauthorized', message: 'No valid session credentials found in the request.' } });
      case '/api/.ory/self-service/login/browser':
        return json(200, loginFlow(origin, url.searchParams.get('return_to')));
      case '/api/test/network-error':
        // The connection dies without a reply: what the browser reports as a network error.
        request.socket.destroy();
        return;
      case '/api/test/server-error':
        return json(500, { error: 'database is down' });
      case '/api/test/ok':
        return json(200, { ok: true });
      default:
        return json(404, { error: 'not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    apiBaseUrl: `${origin}/api`,
    kratosBasePath: `${origin}/api/.ory`,
    state,
    requests,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
