import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import { Page } from '../ErrorPage/ErrorPage.tsx';
import { usePageHeading } from '../ErrorPage/headingLevel.tsx';

export interface UnauthorizedPageProps {
  /** E.g. a link back to the start page. */
  actions?: ReactNode;
}

export function UnauthorizedPage({ actions }: UnauthorizedPageProps) {
  const Heading = usePageHeading();
  return (
    <Page>
      <ShieldX size={40} aria-hidden="true" />
      <Heading>Unauthorized</Heading>
      <p>You do not have permission to access this page</p>
      {actions}
    </Page>
  );
}
