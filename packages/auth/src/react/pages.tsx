import type {
  LoginFlow,
  RecoveryFlow,
  RegistrationFlow,
  SettingsFlow,
  VerificationFlow,
} from '@ory/client-fetch';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import {
  credentialsFromSearch,
  decideErrorPageFailure,
  loginMode,
  loginTitles,
  settingsMessageLifetimeMs,
  successTarget,
} from '../kratos/decisions.ts';
import { authPaths } from '../session.ts';
import { testIds } from '../testIds.ts';
import { AuthCard, AuthLinks, Notice } from './AuthCard.tsx';
import { FlowForm } from './FlowForm.tsx';
import { useKratosFlows } from './KratosContext.tsx';
import { flowHasGroup, nodeAttributes, withoutMessages } from './nodes.ts';
import { useFlowComponents } from './registry.tsx';
import { useGo, useSelfServiceFlow } from './useSelfServiceFlow.tsx';

function Loading() {
  return (
    <p role="status" data-testid={testIds.page.loading}>
      Loading…
    </p>
  );
}

function optional(value: string | null): string | undefined {
  return value ?? undefined;
}

export function LoginPage() {
  const { flow, notice, busy, submit, go, search } = useSelfServiceFlow('login', (params) => ({
    returnTo: optional(params.get('return_to')),
    refresh: params.get('refresh') === 'true' || undefined,
    aal: optional(params.get('aal')),
  }));
  const [, setSearch] = useSearchParams();
  const autoSubmitted = useRef(false);
  const mode = flow ? loginMode(flow) : params2mode(search);

  const send = async (body: Record<string, unknown>) => {
    const reply = await submit(body);
    if (reply)
      go(
        successTarget(
          reply as { continue_with?: never },
          flow?.return_to ?? optional(search.get('return_to')),
          'login',
        ),
      );
  };

  useEffect(() => {
    const credentials = credentialsFromSearch(search);
    if (!flow || !credentials || autoSubmitted.current || loginMode(flow) !== 'sign-in') return;
    autoSubmitted.current = true;
    const csrf = flow.ui.nodes
      .map(nodeAttributes)
      .find((attributes) => attributes.name === 'csrf_token')?.value;
    // Take the password out of the address bar before anything else happens. The router may not have
    // committed the flow id written a moment ago (its updates are transitions), so keep it here too:
    // losing it would start a second flow and bring the page back after the sign-in succeeded.
    const cleaned = new URLSearchParams(search);
    cleaned.delete('password');
    cleaned.delete('username');
    cleaned.delete('identifier');
    cleaned.set('flow', flow.id);
    setSearch(cleaned, { replace: true });
    void send({
      csrf_token: csrf,
      method: 'password',
      identifier: credentials.identifier,
      password: credentials.password,
    });
    // Runs once, when the flow first arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow]);

  return (
    <AuthCard title={loginTitles[mode]} testId={testIds.page.login}>
      {notice && <Notice role="alert">{notice}</Notice>}
      {flow ? (
        <FlowForm
          flow={flow as LoginFlow}
          onSubmit={send}
          busy={busy}
          aria-label={loginTitles[mode]}
        />
      ) : (
        <Loading />
      )}
      <AuthLinks aria-label="Account">
        <Link to={authPaths.recovery}>Reset password</Link>
        {mode === 'sign-in' && <Link to={authPaths.registration}>Create account</Link>}
      </AuthLinks>
    </AuthCard>
  );
}

function params2mode(search: URLSearchParams) {
  return loginMode({
    refresh: search.get('refresh') === 'true',
    requested_aal: optional(search.get('aal')),
  });
}

export function RegistrationPage() {
  const { flow, notice, busy, submit, go, search } = useSelfServiceFlow(
    'registration',
    (params) => ({
      returnTo: optional(params.get('return_to')),
      afterVerificationReturnTo: optional(params.get('after_verification_return_to')),
    }),
  );
  const send = async (body: Record<string, unknown>) => {
    const reply = await submit(body);
    if (reply)
      go(
        successTarget(
          undefined,
          flow?.return_to ?? optional(search.get('return_to')),
          'registration',
        ),
      );
  };
  return (
    <AuthCard title="Create account" testId={testIds.page.registration}>
      {notice && <Notice role="alert">{notice}</Notice>}
      {flow ? (
        <FlowForm
          flow={flow as RegistrationFlow}
          onSubmit={send}
          busy={busy}
          aria-label="Create account"
        />
      ) : (
        <Loading />
      )}
      <AuthLinks aria-label="Account">
        <Link to={authPaths.login}>Sign in</Link>
      </AuthLinks>
    </AuthCard>
  );
}

export function RecoveryPage() {
  const { flow, setFlow, notice, busy, submit } = useSelfServiceFlow('recovery', (params) => ({
    returnTo: optional(params.get('return_to')),
  }));
  const send = async (body: Record<string, unknown>) => {
    const reply = await submit(body);
    if (reply) setFlow(reply);
  };
  return (
    <AuthCard title="Recover account" testId={testIds.page.recovery}>
      {notice && <Notice role="alert">{notice}</Notice>}
      {flow ? (
        <FlowForm
          flow={flow as RecoveryFlow}
          onSubmit={send}
          busy={busy}
          aria-label="Recover account"
        />
      ) : (
        !notice && <Loading />
      )}
      <AuthLinks aria-label="Account">
        <Link to={authPaths.login}>Go back</Link>
      </AuthLinks>
    </AuthCard>
  );
}

export function VerificationPage() {
  const { flow, setFlow, notice, busy, submit } = useSelfServiceFlow('verification', (params) => ({
    returnTo: optional(params.get('return_to')),
  }));
  const send = async (body: Record<string, unknown>) => {
    const reply = await submit(body);
    if (reply) setFlow(reply);
  };
  return (
    <AuthCard title="Verify your account" testId={testIds.page.verification}>
      {notice && <Notice role="alert">{notice}</Notice>}
      {flow ? (
        <FlowForm
          flow={flow as VerificationFlow}
          onSubmit={send}
          busy={busy}
          aria-label="Verify your account"
        />
      ) : (
        !notice && <Loading />
      )}
    </AuthCard>
  );
}

/** The settings cards, each shown when the flow has its group (§2). */
export const settingsCards = [
  { groups: ['profile'], title: 'Profile Settings' },
  { groups: ['password'], title: 'Change Password' },
  { groups: ['oidc', 'saml'], title: 'Manage Social Sign In' },
  { groups: ['lookup_secret'], title: 'Manage 2FA Backup Recovery Codes' },
  { groups: ['totp'], title: 'Manage 2FA TOTP Authenticator App' },
  { groups: ['webauthn', 'passkey'], title: 'Manage Hardware Tokens and Biometrics' },
] as const;

const Cards = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const CardSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const CardTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

function SettingsCard({ title, children }: { title: string; children?: ReactNode }) {
  const id = `settings-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <CardSection aria-labelledby={id} data-testid={testIds.settingsCard}>
      <CardTitle id={id}>{title}</CardTitle>
      {children}
    </CardSection>
  );
}

export function ProfileSettingsPage({
  messageLifetimeMs = settingsMessageLifetimeMs,
  embedded = false,
}: {
  messageLifetimeMs?: number;
  /** Drawn inside an app's shell (the console's), not as a page of its own. */
  embedded?: boolean;
} = {}) {
  const { flow, setFlow, notice, busy, submit } = useSelfServiceFlow('settings', (params) => ({
    returnTo: optional(params.get('return_to')),
  }));
  const components = useFlowComponents();
  const send = async (body: Record<string, unknown>) => {
    const reply = await submit(body);
    if (reply) setFlow(reply);
  };
  const current = flow as SettingsFlow | undefined;
  const hasMessages = Boolean(
    current &&
    (current.ui.messages?.length || current.ui.nodes.some((node) => node.messages.length)),
  );
  useEffect(() => {
    if (!current || !hasMessages) return;
    const timer = setTimeout(() => setFlow(withoutMessages(current)), messageLifetimeMs);
    return () => clearTimeout(timer);
  }, [current, hasMessages, setFlow, messageLifetimeMs]);
  return (
    <AuthCard title="Your Profile" testId={testIds.page.settings} embedded={embedded}>
      {notice && <Notice role="alert">{notice}</Notice>}
      {current ? (
        <>
          <components.Messages messages={current.ui.messages ?? []} />
          <Cards>
            {settingsCards
              .filter((card) => card.groups.some((group) => flowHasGroup(current, group)))
              .map((card) => (
                <SettingsCard key={card.title} title={card.title}>
                  <FlowForm
                    flow={current}
                    groups={card.groups}
                    onSubmit={send}
                    busy={busy}
                    showMessages={false}
                    aria-label={card.title}
                  />
                </SettingsCard>
              ))}
          </Cards>
        </>
      ) : (
        <Loading />
      )}
      <AuthLinks aria-label="Account">
        <Link to="/">Go back</Link>
      </AuthLinks>
    </AuthCard>
  );
}

export const errorPageMessages = {
  BAD_SESSION:
    'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
  unknown: 'Unknown error',
} as const;

export function ErrorPage() {
  const flows = useKratosFlows();
  const go = useGo();
  const [search] = useSearchParams();
  const id = search.get('id');
  const code = search.get('error_code');
  const [detail, setDetail] = useState<string>();
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    void flows.flowError(id).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        const error = result.data.error as { message?: string; reason?: string } | undefined;
        setDetail(error?.reason ?? error?.message);
        return;
      }
      const decision = decideErrorPageFailure(result.failure.status);
      if (decision) go(decision.to);
    });
    return () => {
      cancelled = true;
    };
  }, [flows, go, id]);
  const title = code === 'BAD_SESSION' ? errorPageMessages.BAD_SESSION : errorPageMessages.unknown;
  return (
    <AuthCard title={title} testId={testIds.page.error}>
      {detail && <p>{detail}</p>}
      <AuthLinks aria-label="Account">
        <Link to={authPaths.login}>Sign in</Link>
      </AuthLinks>
    </AuthCard>
  );
}
