import { isApiError } from '@opsdeck/api-client';
import { aboutQuery } from '@opsdeck/api-client/general';
import { LiveUpdatesProvider, useApiClient } from '@opsdeck/api-client/react';
import { createExtensionView, type ExtensionView } from '@opsdeck/extensions';
import { ExtensionsProvider, PageTitleProvider } from '@opsdeck/extensions/react';
import { RbacProvider } from '@opsdeck/rbac/react';
import {
  Button,
  ERROR_BOUNDARY_MESSAGE,
  ErrorBoundary,
  ErrorPage,
  IconButton,
  Menu,
  PageHeadingLevelProvider,
  SkeletonText,
} from '@opsdeck/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Suspense,
  useEffect,
  useId,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import styled from 'styled-components';
import { useConsole } from '../app/ConsoleContext.tsx';
import { LiveIndicator } from '../connection/LiveIndicator.tsx';
import { useChangeStream } from '../connection/useChangeStream.ts';
import { PaletteButton } from '../palette/PaletteButton.tsx';
import { useCommandPalette } from '../palette/useCommandPalette.tsx';
import { buildSidebar } from '../navigation/sidebarModel.ts';
import { currentHandle } from '../routing/handle.ts';
import { ShellSessionContext, type ReadyShellSession } from '../session/ShellSessionContext.tsx';
import { useShellSession } from '../session/useShellSession.ts';
import { displayName } from '../session/whoami.ts';
import { testIds } from '../testIds.ts';
import { FRONTEND_VERSION } from '../version.ts';
import { Header } from './Header.tsx';
import { useUnseenFailedSends } from './useUnseenFailedSends.ts';
import { HeaderSavedViews } from '../views/HeaderSavedViews.tsx';
import { KubeconfigModal } from './KubeconfigModal.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useSidebarCollapse } from './useSidebarCollapse.ts';
import { UserMenu } from './UserMenu.tsx';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

// dvh: on a phone the browser's own bars come and go; the page fits what is left.
const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  height: 100vh;
  height: 100dvh;
`;

const Main = styled.main`
  flex: 1;
  min-height: 0;
  overflow: auto;
  outline: none;
`;

const PageLoader = styled.div`
  padding: ${({ theme }) => theme.space.xl};
`;

function Loading() {
  return (
    <PageLoader data-testid={testIds.shell.pageLoader}>
      <SkeletonText lines={6} label="Loading page" />
    </PageLoader>
  );
}

/** A route's header actions, inside the shell's session so they can check rights with useCan. */
function HeaderActions({
  component: Actions,
  session,
  extensions,
}: {
  component: ComponentType;
  session: ReadyShellSession;
  extensions: ExtensionView;
}) {
  // The same links as the page (New incident opens the incident it made through them).
  return (
    <RbacProvider authorizer={session.authorizer} featureFlags={session.flags}>
      <ExtensionsProvider view={extensions}>
        <Actions />
      </ExtensionsProvider>
    </RbacProvider>
  );
}

export interface ShellProps {
  /** Replaces the user menu in the header (hosted mode: organization switcher and user button). */
  account?: ReactNode;
}

/** The signed-in frame: sidebar, sticky header and the current page (spec §2 Page layout). */
export function Shell({ account }: ShellProps) {
  const { registry, session: sessionProvider } = useConsole();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const handle = currentHandle(useMatches());
  const { user, authorizer, flags, error } = useShellSession();
  // The footer's backend version is not worth an error toast.
  const about = useQuery({ ...aboutQuery(client), meta: { toast: false } });
  const { layout, collapsed, drawerOpen, toggle, expand, linkFollowed, sidebarRef } =
    useSidebarCollapse();
  const navId = useId();
  const liveMode = useChangeStream(user !== undefined && user !== null);
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);

  const ready: ReadyShellSession | undefined = useMemo(
    () => (user && authorizer && flags ? { user, authorizer, flags } : undefined),
    [user, authorizer, flags],
  );
  const bellCount = useUnseenFailedSends(ready);
  const entries = useMemo(
    () => (ready ? buildSidebar(registry.features, ready.flags, ready.authorizer) : undefined),
    [ready, registry],
  );
  // The extension points filtered once for this user: pages only see links and contributions they may use.
  const extensions = useMemo(
    () =>
      ready
        ? createExtensionView(registry, { flags: ready.flags, authorizer: ready.authorizer })
        : undefined,
    [ready, registry],
  );
  const palette = useCommandPalette(entries, extensions);
  // A page names itself after its record once loaded (usePageTitle); the route's title until then.
  const [recordTitle, setRecordTitle] = useState<string | undefined>();
  const title = recordTitle ?? handle.title;
  const headerTitle = handle.ownHeader ? undefined : title;

  useEffect(() => {
    document.title = title ? `${title} | Opsdeck` : 'Opsdeck';
  }, [title]);

  const signOut = async () => {
    const { redirectTo } = await sessionProvider.logout();
    queryClient.clear();
    navigate(redirectTo, { replace: true });
  };

  // A 401 is on its way to the state checker; anything else is worth a page of its own.
  const failed = error !== null && !(isApiError(error) && error.status === 401);
  let content;
  if (ready && extensions) {
    content = (
      <LiveUpdatesProvider mode={liveMode}>
        <RbacProvider authorizer={ready.authorizer} featureFlags={ready.flags}>
          <ExtensionsProvider view={extensions}>
            <PageTitleProvider onTitle={setRecordTitle}>
              <ErrorBoundary
                key={location.pathname}
                fallback={(caught, reset) => (
                  <ErrorPage
                    error={caught}
                    title={ERROR_BOUNDARY_MESSAGE}
                    actions={<Button onClick={reset}>Try again</Button>}
                  />
                )}
              >
                <Suspense fallback={<Loading />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </PageTitleProvider>
          </ExtensionsProvider>
        </RbacProvider>
      </LiveUpdatesProvider>
    );
  } else if (failed) {
    content = (
      <ErrorPage
        error={error}
        actions={<Button onClick={() => void queryClient.refetchQueries()}>Try again</Button>}
      />
    );
  } else {
    content = <Loading />;
  }

  return (
    <ShellSessionContext.Provider value={ready ?? null}>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      <Frame data-testid={testIds.shell.root}>
        <Sidebar
          entries={entries}
          layout={layout}
          collapsed={collapsed}
          onToggle={toggle}
          onExpand={expand}
          onLinkFollowed={linkFollowed}
          sidebarRef={sidebarRef}
          navId={navId}
        />
        <Column inert={drawerOpen || undefined}>
          <Header
            bellCount={bellCount}
            palette={ready ? <PaletteButton onClick={palette.openPalette} /> : undefined}
            live={<LiveIndicator mode={liveMode} />}
            navigation={
              layout === 'drawer' ? (
                <IconButton
                  label="Open navigation"
                  icon={<Menu size={20} />}
                  aria-expanded={drawerOpen}
                  aria-controls={navId}
                  onClick={toggle}
                  data-testid={testIds.header.menu}
                />
              ) : undefined
            }
            title={headerTitle}
            views={
              ready &&
              extensions && <HeaderSavedViews extensions={extensions} userId={ready.user.id} />
            }
            actions={
              ready && extensions && handle.headerActions && !handle.ownHeader ? (
                <HeaderActions
                  component={handle.headerActions}
                  session={ready}
                  extensions={extensions}
                />
              ) : undefined
            }
            onRefresh={
              handle.refreshable
                ? () => void queryClient.refetchQueries({ type: 'active' })
                : undefined
            }
            account={
              account ??
              (user && (
                <UserMenu
                  name={displayName(user)}
                  avatar={user.avatar}
                  frontendVersion={FRONTEND_VERSION}
                  backendVersion={about.data?.appVersion ?? undefined}
                  onDownloadKubeconfig={() => setKubeconfigOpen(true)}
                  onSignOut={() => void signOut()}
                />
              ))
            }
          />
          <Main id="main-content" tabIndex={-1} data-testid={testIds.shell.main}>
            {/* The header's title is the page's h1: an error page under it starts at h2. */}
            <PageHeadingLevelProvider level={headerTitle ? 2 : 1}>
              {content}
            </PageHeadingLevelProvider>
          </Main>
        </Column>
      </Frame>
      <KubeconfigModal open={kubeconfigOpen} onClose={() => setKubeconfigOpen(false)} />
      {palette.element}
    </ShellSessionContext.Provider>
  );
}
