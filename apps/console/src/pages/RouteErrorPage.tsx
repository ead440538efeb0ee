import { Button, ErrorPage } from '@opsdeck/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * What react-router shows when a route fails outside a render (a page's chunk did not load after a
 * deploy, say). Reloading fetches the new chunks.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  console.error('Sorry.. there was an error', error);
  return <ErrorPage error={shown} actions={<Button onClick={() => window.location.reload()}>Reload</Button>} />;
}

/** The same, when nothing around it (no shell) can be trusted: it brings its own main landmark. */
export function RootErrorPage() {
  return (
    <main>
      <RouteErrorPage />
    </main>
  );
}
