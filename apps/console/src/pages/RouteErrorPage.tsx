import { Button, ERROR_BOUNDARY_MESSAGE, ErrorPage } from '@opsdeck/ui';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * The error boundary around a page (spec §8: 'Sorry.. there was an error', logged): react-router
 * catches what a page throws while rendering, and a chunk that failed to load after a deploy.
 * Reloading fetches the page again.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`)
    : error;
  useEffect(() => console.error(ERROR_BOUNDARY_MESSAGE, error), [error]);
  return (
    <ErrorPage
      error={shown}
      title={ERROR_BOUNDARY_MESSAGE}
      // The stack helps whoever builds the console, never the person using it.
      showDetails={import.meta.env.DEV}
      actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
    />
  );
}

/** The same, when nothing around it (no shell) can be trusted: it brings its own main landmark. */
export function RootErrorPage() {
  return (
    <main>
      <RouteErrorPage />
    </main>
  );
}
