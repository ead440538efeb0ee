import { usePageTitle } from '@opsdeck/extensions/react';
import { Link as LinkIcon } from '@opsdeck/ui';
import { Link, useLocation } from 'react-router';
import { specAreaOf } from '../routing/specAreas.ts';
import { useSidebarEntries } from '../shell/useSidebarEntries.ts';
import { testIds } from '../testIds.ts';
import { MessagePage } from './MessagePage.tsx';

/**
 * A path no registered feature serves. When it belongs to an area of the product that this build
 * does not include yet (the Dashboard, Incidents...), it says so plainly and offers what exists.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const entries = useSidebarEntries() ?? [];
  const available = entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.items));
  // Below a page this build has (a bad id after /settings/users), the address is not found: the
  // area is there.
  const underPage = available.some((item) => pathname.startsWith(`${item.path}/`));
  const area = underPage ? undefined : specAreaOf(pathname);
  // The header names the area the bell or a link led to (Notifications), agreeing with the body.
  usePageTitle(area ?? 'Page not found');
  return (
    <MessagePage
      icon={<LinkIcon size={40} aria-hidden="true" />}
      title={area ? `${area} is not available yet` : 'Page not found'}
      testId={testIds.pages.notFound}
    >
      <p>
        {area
          ? `This build of Opsdeck does not include ${area} yet.`
          : `Nothing lives at ${pathname}.`}
      </p>
      {available.length > 0 && (
        <nav aria-label="Available pages">
          {available.map((item, index) => (
            <span key={item.path}>
              {index > 0 && ' · '}
              <Link to={item.path}>{item.label}</Link>
            </span>
          ))}
        </nav>
      )}
    </MessagePage>
  );
}
