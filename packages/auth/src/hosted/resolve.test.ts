import { ApiError, createApiClient } from '@opsdeck/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClientAuthOptions } from '../session.ts';
import { inMemoryOrganizations, startBackend } from './organizations.test.helper.ts';
import type { HostedOrganization, HostedUser } from './organizations.ts';
import {
  createIdentityCheck,
  hostedErrorMessage,
  hostedSnapshotKey,
  localReturnTo,
  resolveHostedSession,
} from './resolve.ts';

const ada: HostedUser = { id: 'user_1', name: 'Ada', email: 'ada@example.org' };
let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

function organization(publicMetadata: Record<string, unknown>): HostedOrganization {
  return { id: 'org_a', name: 'Acme', publicMetadata };
}

describe('resolveHostedSession', () => {
  it('lists the organizations when none is active and nothing else', async () => {
    const snapshot = await resolveHostedSession(inMemoryOrganizations(ada, [organization({})]), {
      checkIdentity: createIdentityCheck(),
    });
    expect(snapshot.state).toEqual({ type: 'choose-organization' });
    expect(snapshot.organizations.map((entry) => entry.name)).toEqual(['Acme']);
    expect(snapshot.credentials).toBeNull();
    expect(snapshot.identity).toEqual({ id: 'user_1', name: 'Ada', email: 'ada@example.org' });
  });

  it('hands a Backend bearer token and the organization backend to the API client in direct mode', async () => {
    backend = await startBackend();
    const service = inMemoryOrganizations(
      ada,
      [organization({ backend_url: backend.url, direct: 'true' })],
      'org_a',
    );
    const snapshot = await resolveHostedSession(service, { checkIdentity: createIdentityCheck() });
    expect(snapshot.state.type).toBe('ready');
    expect(snapshot.credentials).toMatchObject({ mode: 'direct', backendUrl: backend.url });
    // The identity check already went to the organization's backend with the token.
    expect(backend.requests.map((request) => [request.url, request.headers.authorization])).toEqual(
      [['/api/auth/whoami', 'Bearer jwt-for-Backend']],
    );

    const client = createApiClient(
      apiClientAuthOptions(snapshot.credentials ?? { mode: 'cookie' }),
    );
    await client.canary.get('api/summary');
    expect(backend.requests[1]).toMatchObject({
      url: '/api/canary/api/summary',
      headers: { authorization: 'Bearer jwt-for-Backend' },
    });
    expect(service.tokens).toEqual(['Backend', 'Backend']);
  });

  it('reads provisioning while the backend answers 404 or 5xx, and ready once it answers', async () => {
    let status = 404;
    backend = await startBackend(() => status);
    const service = inMemoryOrganizations(
      ada,
      [organization({ backend_url: backend.url, direct: true })],
      'org_a',
    );
    const checkIdentity = createIdentityCheck();
    const first = await resolveHostedSession(service, { checkIdentity });
    expect(first.state).toEqual({
      type: 'provisioning',
      message: 'Please wait, instance provisioning in-progress ...',
    });
    expect(first.credentials).toBeNull();
    status = 502;
    expect((await resolveHostedSession(service, { checkIdentity })).state.type).toBe(
      'provisioning',
    );
    status = 200;
    expect((await resolveHostedSession(service, { checkIdentity })).state.type).toBe('ready');
  });

  it('reads provisioning without a backend address, and Invalid boolean value for a bad flag, without calling anyone', async () => {
    const checked: unknown[] = [];
    const checkIdentity = async (credentials: unknown) => {
      checked.push(credentials);
      return 200;
    };
    const missing = await resolveHostedSession(
      inMemoryOrganizations(ada, [organization({ direct: true })], 'org_a'),
      { checkIdentity },
    );
    expect(missing.state).toEqual({
      type: 'provisioning',
      message: 'Please wait, instance provisioning in-progress ...',
    });
    const invalid = await resolveHostedSession(
      inMemoryOrganizations(
        ada,
        [organization({ backend_url: 'http://127.0.0.1:9/api', direct: 'yes' })],
        'org_a',
      ),
      { checkIdentity },
    );
    expect(invalid.state).toEqual({ type: 'invalid', message: 'Invalid boolean value' });
    expect(checked).toEqual([]);
  });

  it('keeps cookie credentials for a proxied organization and signs the signed-out out to /login', async () => {
    const proxied = await resolveHostedSession(
      inMemoryOrganizations(
        ada,
        [organization({ backend_url: 'http://127.0.0.1:9/api', direct: false })],
        'org_a',
      ),
    );
    expect(proxied.credentials).toEqual({ mode: 'cookie' });
    const signedOut = await resolveHostedSession(inMemoryOrganizations(null, []));
    expect(signedOut.state).toEqual({ type: 'signed-out', redirectTo: '/login' });
  });

  it('gives the same key to snapshots that differ only by a fresh token getter', async () => {
    const service = inMemoryOrganizations(
      ada,
      [organization({ backend_url: 'http://127.0.0.1:9/api', direct: true })],
      'org_a',
    );
    const [a, b] = [await resolveHostedSession(service), await resolveHostedSession(service)];
    expect(a.credentials).not.toBe(b.credentials);
    expect(hostedSnapshotKey(a)).toBe(hostedSnapshotKey(b));
    service.updateMetadata('org_a', { backend_url: 'http://127.0.0.1:10/api', direct: true });
    expect(hostedSnapshotKey(await resolveHostedSession(service))).not.toBe(hostedSnapshotKey(a));
  });
});

describe('hostedErrorMessage', () => {
  it('shows the server message of a hosted response error', () => {
    expect(
      hostedErrorMessage(
        new ApiError({
          kind: 'http',
          status: 500,
          message: 'x',
          body: { error: 'organization backend is unreachable' },
        }),
      ),
    ).toBe('organization backend is unreachable');
    expect(
      hostedErrorMessage(
        new ApiError({ kind: 'http', status: 400, message: 'x', body: { message: 'bad input' } }),
      ),
    ).toBe('bad input');
    expect(
      hostedErrorMessage(
        new ApiError({ kind: 'timeout', message: 'Request timed out. Please try again.' }),
      ),
    ).toBe('Request timed out. Please try again.');
    expect(
      hostedErrorMessage({
        errors: [{ message: 'short', longMessage: 'You are not a member of this organization.' }],
      }),
    ).toBe('You are not a member of this organization.');
    expect(hostedErrorMessage(new Error('boom'))).toBe('boom');
    expect(hostedErrorMessage(undefined)).toBe('An error occurred');
  });
});

describe('localReturnTo', () => {
  it('keeps paths on this site and drops everything else', () => {
    expect(localReturnTo('/health?q=a')).toBe('/health?q=a');
    expect(localReturnTo('https://evil.example/x')).toBe('/');
    expect(localReturnTo('//evil.example/x')).toBe('/');
    expect(localReturnTo('/\\evil.example')).toBe('/');
    expect(localReturnTo(null)).toBe('/');
  });
});
