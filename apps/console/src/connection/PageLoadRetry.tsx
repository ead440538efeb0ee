import { Button, ErrorPage } from '@opsdeck/ui';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { testIds } from '../testIds.ts';
import { useConnectionMonitor } from './ConnectionContext.tsx';

type PageModule = { Component: ComponentType };

const reported = new WeakSet<object>();

/**
 * A page whose code failed to download (the server was down when it was first opened): an error
 * with Retry in the page's place, retried by itself when the connection comes back. Once loaded
 * the page renders as if nothing happened; react-router would otherwise keep the failure until a
 * reload.
 */
export function PageLoadRetry({
  load,
  error: firstError,
}: {
  load: () => Promise<PageModule>;
  error: unknown;
}) {
  const monitor = useConnectionMonitor();
  const [page, setPage] = useState<{ Component?: ComponentType; error?: unknown }>({
    error: firstError,
  });
  const [loading, setLoading] = useState(false);
  const retry = useCallback(() => {
    setLoading(true);
    load().then(
      ({ Component }) => {
        setPage({ Component });
        setLoading(false);
      },
      (error: unknown) => {
        monitor?.reportFailure(error);
        setPage({ error });
        setLoading(false);
      },
    );
  }, [load, monitor]);
  // The first time, the failure tells the monitor the server is gone; when the page is opened again
  // later (the route keeps this element), it simply tries again.
  useEffect(() => {
    if (typeof firstError === 'object' && firstError !== null && reported.has(firstError)) retry();
    else {
      if (typeof firstError === 'object' && firstError !== null) reported.add(firstError);
      monitor?.reportFailure(firstError);
    }
    // Once per mount: retry and monitor are stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!monitor || page.Component) return;
    return monitor.subscribe(() => {
      if (monitor.state() === 'online') retry();
    });
  }, [monitor, page.Component, retry]);
  if (page.Component) return <page.Component />;
  return (
    <div data-testid={testIds.shell.pageLoadFailed}>
      <ErrorPage
        error={page.error}
        title="This page could not be loaded"
        actions={
          <Button onClick={retry} disabled={loading}>
            {loading ? 'Retrying…' : 'Retry'}
          </Button>
        }
      />
    </div>
  );
}
