import { useRouteLink } from '@opsdeck/extensions/react';
import { checkModalSearch } from '@opsdeck/features-health/slots';
import { Link } from 'react-router';
import { notificationsExternalRoutes } from '../routes.ts';

/** A send's or a silence's resource, linked to its page in the feature that owns it when bound. */
export function ResourceLink({
  kind,
  id,
  name,
}: {
  kind: string | null | undefined;
  id: string;
  name: string;
}) {
  const toConfig = useRouteLink(notificationsExternalRoutes.configPage);
  const toComponent = useRouteLink(notificationsExternalRoutes.componentPage);
  const toIncident = useRouteLink(notificationsExternalRoutes.incidentPage);
  const toHealth = useRouteLink(notificationsExternalRoutes.healthPage);
  const href =
    kind === 'config'
      ? toConfig?.({ id })
      : kind === 'component'
        ? toComponent?.({ id })
        : kind === 'incident'
          ? toIncident?.({ id })
          : kind === 'check'
            ? toHealth?.({}, checkModalSearch(id))
            : undefined;
  return href ? <Link to={href}>{name}</Link> : <span>{name}</span>;
}
