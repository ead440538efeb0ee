import { Navigate } from 'react-router';
import { useConsole } from '../app/ConsoleContext.tsx';
import { useSidebarEntries } from '../shell/useSidebarEntries.ts';
import { firstSidebarPath } from './specAreas.ts';

/**
 * `/` goes to the Dashboard (spec §2). While this build has no Dashboard, an operator signing in
 * lands on the first page their sidebar offers rather than on a page saying it is missing.
 */
export function HomeRedirect() {
  const { registry } = useConsole();
  const entries = useSidebarEntries() ?? [];
  const target = registry.featureOf('topology')
    ? '/topology'
    : (firstSidebarPath(entries) ?? '/topology');
  return <Navigate to={target} replace />;
}
