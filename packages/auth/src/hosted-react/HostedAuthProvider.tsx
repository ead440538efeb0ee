import { ClerkProvider, OrganizationSwitcher, SignIn, UserButton, useClerk } from '@clerk/react';
import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clerkOrganizationService } from '../hosted/clerk.ts';
import { localReturnTo, type IdentityCheck } from '../hosted/resolve.ts';
import { authPaths } from '../session.ts';
import { HostedSessionRoot } from './HostedSession.tsx';

type ClerkProviderProps = ComponentProps<typeof ClerkProvider>;

export interface HostedAuthProviderProps {
  /** The hosted service's publishable key (Clerk `pk_…`). */
  publishableKey: string;
  /** Whoami against the organization's backend; default `GET /auth/whoami` through the API client. */
  checkIdentity?: IdentityCheck;
  /** How often to look again while provisioning; default 10000 ms. */
  retryMs?: number;
  /** Look of the hosted SDK's own components. */
  appearance?: ClerkProviderProps['appearance'];
  /** A Clerk instance or constructor to use instead of loading clerk-js for the key (headless builds, tests). */
  clerk?: ClerkProviderProps['Clerk'];
  children?: ReactNode;
}

/**
 * The hosted provider (Clerk): loads the SDK, adapts its browser object to the organization
 * service and shares the hosted session (`useHostedSession`). Render it inside the router; put
 * `HostedGate` around the console routes.
 */
export function HostedAuthProvider({
  publishableKey,
  checkIdentity,
  retryMs,
  appearance,
  clerk,
  children,
}: HostedAuthProviderProps) {
  const navigate = useNavigate();
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      routerPush={(to: string) => navigate(to)}
      routerReplace={(to: string) => navigate(to, { replace: true })}
      signInUrl={authPaths.login}
      afterSignOutUrl={authPaths.login}
      {...(appearance ? { appearance } : {})}
      {...(clerk ? { Clerk: clerk } : {})}
    >
      <ClerkSession checkIdentity={checkIdentity} retryMs={retryMs}>
        {children}
      </ClerkSession>
    </ClerkProvider>
  );
}

function ClerkSession({
  checkIdentity,
  retryMs,
  children,
}: {
  checkIdentity?: IdentityCheck;
  retryMs?: number;
  children?: ReactNode;
}) {
  const clerk = useClerk();
  const loaded = useClerkLoaded(clerk);
  // Clerk's browser object type-checks against the structural ClerkLike the adapter is written for.
  const service = useMemo(() => clerkOrganizationService(clerk), [clerk]);
  return (
    <HostedSessionRoot
      service={service}
      loaded={loaded}
      checkIdentity={checkIdentity}
      retryMs={retryMs}
    >
      {children}
    </HostedSessionRoot>
  );
}

/**
 * Whether the SDK has loaded, as state of this component. ClerkProvider re-renders its tree on the
 * SDK's status event only if its own subscription (made in an effect) came before the event; when
 * the SDK loads while the first render is still in progress (a time-sliced transition on a busy
 * machine), it never does, and `clerk.loaded` read at render would stay false here for good.
 */
function useClerkLoaded(clerk: ReturnType<typeof useClerk>): boolean {
  const [ready, setReady] = useState(clerk.loaded);
  useEffect(() => {
    if (clerk.loaded) {
      setReady(true);
      return undefined;
    }
    let live = true;
    const onStatus = () => {
      if (live && clerk.loaded) setReady(true);
    };
    clerk.on('status', onStatus, { notify: true });
    return () => {
      live = false;
      clerk.off('status', onStatus);
    };
  }, [clerk]);
  return ready || clerk.loaded;
}

/** Clerk's organization switcher; a switch or a creation lands on /organizations/orgs-switched (§2). */
export type HostedOrganizationSwitcherProps = Pick<
  ComponentProps<typeof OrganizationSwitcher>,
  'appearance' | 'hidePersonal' | 'defaultOpen' | 'skipInvitationScreen'
>;

export function HostedOrganizationSwitcher(props: HostedOrganizationSwitcherProps) {
  return (
    <OrganizationSwitcher
      hidePersonal
      afterSelectOrganizationUrl={authPaths.organizationsSwitched}
      afterCreateOrganizationUrl={authPaths.organizationsSwitched}
      afterLeaveOrganizationUrl={authPaths.organizations}
      {...props}
    />
  );
}

/** Clerk's user button; it replaces the console's user menu in hosted mode (§2). */
export type HostedUserButtonProps = Pick<
  ComponentProps<typeof UserButton>,
  'appearance' | 'showName' | 'defaultOpen'
>;

export function HostedUserButton(props: HostedUserButtonProps) {
  return <UserButton {...props} />;
}

/** /login in hosted mode: Clerk's sign-in, then back to `returnTo` or the URL's `return_to` (default `/`). */
export function HostedSignInPage({ returnTo }: { returnTo?: string }) {
  const [params] = useSearchParams();
  return (
    <SignIn
      routing="path"
      path={authPaths.login}
      forceRedirectUrl={returnTo ?? localReturnTo(params.get('return_to'))}
    />
  );
}
