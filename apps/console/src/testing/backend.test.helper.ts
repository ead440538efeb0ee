// A stand-in backend on 127.0.0.1 speaking the contract the shell reads (mission-control-api.md):
// properties, about, whoami, the Kratos session check and a login flow. The test changes `state`
// to play a role, switch a feature off, or make a call fail. End-to-end tests use apps/server itself.
import { createFakeBackend, disconnect, json, type FakeBackend } from '@opsdeck/testing';

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

export interface TestBackend extends FakeBackend {
  /** `http://127.0.0.1:port/api` */
  apiBaseUrl: string;
  kratosBasePath: string;
  state: BackendState;
  /** `METHOD path?query` of each request so far, in order (headers, such as hosted mode's bearer token, are in `requests`). */
  calls(): string[];
}

const user = {
  id: '6d3c0ad2-3b0e-4d7a-9d59-1f2b0c7e9a10',
  name: 'Ada Admin',
  email: 'ada@example.org',
};

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
        {
          type: 'input',
          group: 'default',
          attributes: {
            name: 'csrf_token',
            type: 'hidden',
            value: 'csrf',
            required: true,
            disabled: false,
            node_type: 'input',
          },
          messages: [],
          meta: {},
        },
        {
          type: 'input',
          group: 'default',
          attributes: {
            name: 'identifier',
            type: 'text',
            value: '',
            required: true,
            disabled: false,
            node_type: 'input',
          },
          messages: [],
          meta: { label: { id: 1070004, text: 'E-Mail', type: 'info' } },
        },
      ],
    },
  };
}

export async function startTestBackend(initial: Partial<BackendState> = {}): Promise<TestBackend> {
  const state: BackendState = {
    roles: ['admin'],
    properties: [],
    propertiesDelay: 0,
    whoamiDelay: 0,
    whoamiRefusals: 0,
    ...initial,
  };
  const signedIn = () => state.roles !== null;
  let origin = '';
  const fake = await createFakeBackend({
    'GET /api/properties': () =>
      json(
        state.properties.map(({ name, value }) => ({
          name,
          value,
          source: 'db',
          type: 'string',
          description: '',
        })),
        { delay: state.propertiesDelay },
      ),
    'GET /api/about': { appVersion: '9.9.9', chartVersion: '9.9.9' },
    'GET /api/auth/whoami': () => {
      const refused = state.whoamiRefusals !== 0;
      if (state.whoamiRefusals > 0) state.whoamiRefusals -= 1;
      return signedIn() && !refused
        ? json(
            {
              message: 'success',
              payload: { user, roles: state.roles, permissions: [], hostname: 'test' },
            },
            { delay: state.whoamiDelay },
          )
        : json(
            { error: 'unauthorized', message: 'authentication required' },
            { status: 401, delay: state.whoamiDelay },
          );
    },
    'GET /api/.ory/sessions/whoami': () =>
      signedIn()
        ? {
            id: 's1',
            active: true,
            identity: {
              id: user.id,
              schema_id: 'default',
              schema_url: '',
              traits: { email: user.email, name: { first: 'Ada', last: 'Admin' } },
            },
          }
        : json(
            {
              error: {
                code: 401,
                status: 'Unauthorized',
                message: 'No valid session credentials found in the request.',
              },
            },
            { status: 401 },
          ),
    'GET /api/.ory/self-service/login/browser': (request) =>
      loginFlow(origin, request.query.get('return_to')),
    // The connection dies without a reply: what the browser reports as a network error.
    '* /api/test/network-error': disconnect(),
    '* /api/test/server-error': json({ error: 'database is down' }, { status: 500 }),
    '* /api/test/ok': { ok: true },
    '* /*': json({ error: 'not found' }, { status: 404 }),
  });
  origin = fake.url;
  return Object.assign(fake, {
    apiBaseUrl: `${origin}/api`,
    kratosBasePath: `${origin}/api/.ory`,
    state,
    calls: () => fake.requests.map((request) => `${request.method} ${request.url}`),
  });
}
