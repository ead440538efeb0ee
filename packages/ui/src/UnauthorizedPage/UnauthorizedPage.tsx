import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import { Page } from '../ErrorPage/ErrorPage.tsx';

export interface UnauthorizedPageProps {
  /** E.g. a link back to the start page. */
  actions?: ReactNode;
}

export function UnauthorizedPage({ actions }: UnauthorizedPageProps) {
  return (
    <Page>
      <ShieldX size={40} aria-hidden="true" />
      <h1>Unauthorized</h1>
      <p>You do not have permission to access this page</p>
      {actions}
    </Page>
  );
}
