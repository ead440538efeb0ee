import { decideRouteAccess, type RegisteredRoute } from '@opsdeck/extensions';
import { UnauthorizedPage } from '@opsdeck/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeatureDisabledPage } from '../pages/FeatureDisabledPage.tsx';
import { useReadyShellSession } from '../session/ShellSessionContext.tsx';
import { testIds } from '../testIds.ts';

/** A feature route's page, or why it is not shown: the feature is off, or the user lacks the right. */
export function RouteGate({ route, children }: { route: RegisteredRoute; children: ReactNode }) {
  const { flags, authorizer } = useReadyShellSession();
  const { feature } = route;
  const decision = decideRouteAccess(feature, route, flags, authorizer);
  if (decision === 'disabled') {
    return (
      <FeatureDisabledPage
        label={feature.sidebar?.label ?? route.route.title}
        feature={feature.name}
      />
    );
  }
  if (decision === 'forbidden') {
    return (
      <div data-testid={testIds.pages.unauthorized}>
        <UnauthorizedPage actions={<Link to="/">Go to the start page</Link>} />
      </div>
    );
  }
  return <>{children}</>;
}
