import { UrlStateProvider, useReactRouterUrlState } from '@opsdeck/ui';
import { Outlet } from 'react-router';

/**
 * The console's one URL-state binding: every page below reads and writes its query (tables, filters,
 * time ranges, the health page) and follows in-app links through react-router. Features never pick a
 * router themselves, which is how the health page also runs in the embed on the browser's history.
 */
export function ConsoleUrlState() {
  return (
    <UrlStateProvider binding={useReactRouterUrlState}>
      <Outlet />
    </UrlStateProvider>
  );
}
