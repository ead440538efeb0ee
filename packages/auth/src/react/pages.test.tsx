import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, json, type RouteTable } from '@opsdeck/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startKratosStandIn } from '../kratos/kratosServer.test.helper.ts';
import { testIds } from '../testIds.ts';
import { FlowComponentsProvider } from './registry.tsx';
import { fixture, renderAuthPage } from './pages.test.helper.tsx';
import { FlowForm } from './FlowForm.tsx';
import { OpsdeckThemeProvider } from '@opsdeck/ui';
import { render } from '@testing-library/react';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  cleanup();
  await close?.();
  close = undefined;
});

/** A Kratos stand-in answering from `routes`, closed after the test. */
async function kratos(routes: Partial<RouteTable>) {
  const server = await startKratosStandIn(routes);
  close = server.close;
  return { basePath: server.url, recorded: server.requests };
}

const loginInitial = fixture('login/1fa/identifier_first/password/initial-form.json');
const loginPassword = fixture('login/1fa/unified/password/wrong-credentials.json');
const wrongCredentials = loginPassword;
const location = () => screen.getByTestId('location').textContent ?? '';

// Every rule axe enables by default, as these pages were checked before the shared helper.
const noAxeViolations = (container: HTMLElement) =>
  expectNoAxeViolations(container, { tags: 'all' });

describe('LoginPage', () => {
  it('creates a flow, keeps it in the URL, shows red server messages on 400 and goes to return_to on success', async () => {
    let attempts = 0;
    const { basePath, recorded } = await kratos({
      'GET /self-service/login/browser': {
        ...loginPassword,
        ui: { ...(loginPassword.ui as object), messages: [] },
      },
      'POST /*': () =>
        ++attempts === 1 ? json(wrongCredentials, { status: 400 }) : { session: {} },
    });
    const user = userEvent.setup();
    renderAuthPage(basePath, '/login?return_to=/health');
    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeTruthy();
    await waitFor(() => expect(location()).toContain('flow=00000000-0000-0000-0000-000000000000'));
    expect(recorded[0]?.url).toBe('/self-service/login/browser?return_to=%2Fhealth');
    expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe(
      '/recovery',
    );

    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The provided credentials are invalid');
    expect(recorded[1]?.body).toMatchObject({
      method: 'password',
      password: 'secret',
      csrf_token: 'AAAAAAA/AAAAAA/2+AAAAAAAA==',
    });

    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    await waitFor(() => expect(location()).toBe('/health'));
  });

  it('titles refresh and second-factor flows', async () => {
    const refresh = fixture('login/1fa/refresh/password/initial-form.json');
    const aal2 = fixture('login/2fa/totp/initial-form.json');
    const { basePath } = await kratos({
      '* /*': (request) => (request.url.includes('id=refresh') ? refresh : aal2),
    });
    renderAuthPage(basePath, '/login?flow=refresh');
    expect(await screen.findByRole('heading', { name: 'Confirm Action' })).toBeTruthy();
    cleanup();
    renderAuthPage(basePath, '/login?flow=aal2');
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeTruthy();
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('submits credentials from the URL once and removes the password from it', async () => {
    const { basePath, recorded } = await kratos({
      'POST /*': { session: {} },
      '* /*': loginPassword,
    });
    renderAuthPage(
      basePath,
      '/login?username=admin@local&password=opsdeck-demo&return_to=/topology',
    );
    await waitFor(() => expect(location()).toBe('/topology'));
    const posts = recorded.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      method: 'password',
      identifier: 'admin@local',
      password: 'opsdeck-demo',
    });
    expect(
      recorded.filter((request) => request.url.startsWith('/self-service/login/browser')),
    ).toHaveLength(1);
  });

  it('ignores a second submit while the first is in flight', async () => {
    let release: () => void = () => undefined;
    const { basePath, recorded } = await kratos({
      'POST /*': () => new Promise((resolve) => (release = () => resolve({ session: {} }))),
      '* /*': loginPassword,
    });
    renderAuthPage(basePath, '/login?flow=x');
    const button = await screen.findByRole('button', { name: 'Sign in with password' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(recorded.filter((request) => request.method === 'POST')).toHaveLength(1),
    );
    fireEvent.click(button);
    release();
    await waitFor(() => expect(location()).toBe('/'));
    expect(recorded.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('restarts an expired flow with the spec message', async () => {
    const { basePath, recorded } = await kratos({
      'GET /self-service/login/flows': json(
        { error: { id: 'self_service_flow_expired', code: 410 } },
        { status: 410 },
      ),
      '* /*': { ...loginInitial, id: 'fresh' },
    });
    renderAuthPage(basePath, '/login?flow=old&return_to=/health');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your interaction expired, please fill out the form again.',
    );
    await waitFor(() => expect(location()).toBe('/login?return_to=%2Fhealth&flow=fresh'));
    expect(
      recorded.some((request) => request.url === '/self-service/login/browser?return_to=%2Fhealth'),
    ).toBe(true);
  });

  it('goes home when a session is already available', async () => {
    const { basePath } = await kratos({
      '* /*': json({ error: { id: 'session_already_available', code: 400 } }, { status: 400 }),
    });
    renderAuthPage(basePath, '/login');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('has no axe violations', async () => {
    const { basePath } = await kratos({ '* /*': wrongCredentials });
    const { container } = renderAuthPage(basePath, '/login?flow=x');
    await screen.findByRole('alert');
    await noAxeViolations(container);
  });
});

describe('RegistrationPage', () => {
  it('shows Create account with a Sign in link, sends nested traits and goes to return_to', async () => {
    const { basePath, recorded } = await kratos({
      'POST /*': { identity: {} },
      '* /*': {
        ...fixture('registration/one-step/password/initial-form.json'),
        return_to: '/health',
      },
    });
    const user = userEvent.setup();
    const { container } = renderAuthPage(basePath, '/registration');
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await screen.findByTestId(testIds.flow.form);
    await noAxeViolations(container);
    await user.type(await screen.findByLabelText('E-Mail'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(location()).toBe('/health'));
    expect(recorded.at(-1)?.body).toMatchObject({
      method: 'password',
      traits: { email: 'ada@example.org' },
    });
  });
});

describe('RecoveryPage', () => {
  it('reads Recover account, shows the code step and follows the settings redirect', async () => {
    const { basePath } = await kratos({
      'POST /*': (request) =>
        (request.body as { email?: string } | undefined)?.email
          ? fixture('recovery/code/wrong-code.json')
          : json(
              {
                error: { id: 'browser_location_change_required', code: 422 },
                redirect_browser_to: '/profile-settings?flow=set',
              },
              { status: 422 },
            ),
      '* /*': fixture('recovery/code/initial-form.json'),
    });
    const user = userEvent.setup();
    const { container } = renderAuthPage(basePath, '/recovery');
    expect(await screen.findByRole('heading', { name: 'Recover account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
    await noAxeViolations(container);
    await user.type(await screen.findByLabelText('Email'), 'dev@ory.dev');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/profile-settings?flow=set'));
  });
});

describe('VerificationPage', () => {
  it('reads Verify your account and goes home when creation is refused', async () => {
    const { basePath } = await kratos({
      '* /*': (request) =>
        request.url.includes('flows')
          ? fixture('verification/code/initial-form.json')
          : json(fixture('verification/none/initial-form.json'), { status: 400 }),
    });
    const { container } = renderAuthPage(basePath, '/verification?flow=v');
    expect(await screen.findByRole('heading', { name: 'Verify your account' })).toBeTruthy();
    await screen.findByTestId(testIds.flow.form);
    await noAxeViolations(container);
    cleanup();
    renderAuthPage(basePath, '/verification');
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('ProfileSettingsPage', () => {
  it('shows a card per group in the flow and clears messages after the lifetime', async () => {
    const { basePath } = await kratos({
      '* /*': fixture('settings/all-methods/change-password.json'),
    });
    const { container } = renderAuthPage(basePath, '/profile-settings?flow=s', undefined, 200);
    expect(await screen.findByRole('heading', { name: 'Profile Settings', level: 2 })).toBeTruthy();
    const titles = screen
      .getAllByTestId(testIds.settingsCard)
      .map((card) => card.querySelector('h2')?.textContent);
    expect(titles).toEqual([
      'Profile Settings',
      'Change Password',
      'Manage Social Sign In',
      'Manage Hardware Tokens and Biometrics',
    ]);
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByText('Your changes have been saved!')).toBeTruthy();
    await noAxeViolations(container);
    await waitFor(() => expect(screen.queryByText('Your changes have been saved!')).toBeNull(), {
      timeout: 2000,
    });
  });

  it('shows only the cards of the groups present', async () => {
    const { basePath } = await kratos({
      '* /*': fixture('settings/all-2fa-methods/initial-form.json'),
    });
    renderAuthPage(basePath, '/profile-settings?flow=s');
    await screen.findByRole('heading', { name: 'Manage 2FA TOTP Authenticator App' });
    expect(screen.getByRole('heading', { name: 'Manage 2FA Backup Recovery Codes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Manage Social Sign In' })).toBeNull();
  });

  it('shows a TOTP enrolment address as a QR code, the key behind "Can’t scan?"', async () => {
    const uri = 'otpauth://totp/Opsdeck:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Opsdeck';
    const flow = fixture('settings/totp/initial-form.json') as unknown as {
      ui: { nodes: { attributes: { id?: string } }[] };
    };
    // As this server sends it: the address as a text node in place of Kratos's image.
    const nodes = flow.ui.nodes.map((node) =>
      node.attributes.id === 'totp_qr'
        ? {
            type: 'text',
            group: 'totp',
            attributes: {
              id: 'totp_url',
              node_type: 'text',
              text: { id: 1050005, text: uri, type: 'info', context: { url: uri } },
            },
            messages: [],
            meta: { label: { id: 1050005, text: 'Authenticator app address', type: 'info' } },
          }
        : node,
    );
    const { basePath } = await kratos({ '* /*': { ...flow, ui: { ...flow.ui, nodes } } });
    const { container } = renderAuthPage(basePath, '/profile-settings?flow=s');
    const qr = await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    // Neither the address nor the key in full is on the page as text until asked for.
    expect(container.textContent).not.toContain('otpauth://');
    const key = screen.getByText('XXXXXXXXXXXXXXXX');
    const disclosure = key.closest('details')!;
    expect(disclosure.open).toBe(false);
    await userEvent.setup().click(screen.getByText('Can’t scan? Enter the key instead'));
    expect(disclosure.open).toBe(true);
    await noAxeViolations(container);
  });

  it('sends an inactive session to login with the page as return target', async () => {
    const { basePath } = await kratos({
      '* /*': json({ error: { id: 'session_inactive', code: 401 } }, { status: 401 }),
    });
    renderAuthPage(basePath, '/profile-settings?return_to=/profile-settings');
    await waitFor(() => expect(location()).toBe('/login?return_to=%2Fprofile-settings'));
  });
});

describe('ErrorPage', () => {
  it('explains BAD_SESSION, says Unknown error otherwise and goes home for a missing error', async () => {
    const { basePath } = await kratos({ '* /*': json({ error: { code: 404 } }, { status: 404 }) });
    const { container } = renderAuthPage(basePath, '/error?error_code=BAD_SESSION');
    expect(screen.getByRole('heading').textContent).toBe(
      'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
    );
    await noAxeViolations(container);
    cleanup();
    renderAuthPage(basePath, '/error?error_code=OTHER');
    expect(screen.getByRole('heading').textContent).toBe('Unknown error');
    cleanup();
    renderAuthPage(basePath, '/error?id=gone');
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('component registry', () => {
  it('lets an app replace how a node type renders', () => {
    render(
      <OpsdeckThemeProvider>
        <FlowComponentsProvider
          components={{
            Button: ({ label }) => <button type="submit">custom {label?.text}</button>,
          }}
        >
          <FlowForm flow={loginPassword as never} onSubmit={() => undefined} />
        </FlowComponentsProvider>
      </OpsdeckThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'custom Sign in with password' })).toBeTruthy();
  });
});
