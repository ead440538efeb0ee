import { checkModalSearch } from '@opsdeck/features-health/slots';
import type { PlaybookResourceKind } from '@opsdeck/api-client/playbooks';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Link } from 'react-router';
import { playbooksExternalRoutes } from '../routes.ts';

/** A run's or the modal's resource, linked to its page in the feature that owns it when bound. */
export function ResourceLink({
  kind,
  id,
  name,
}: {
  kind: PlaybookResourceKind;
  id: string;
  name: string;
}) {
  const toConfig = useRouteLink(playbooksExternalRoutes.configPage);
  const toComponent = useRouteLink(playbooksExternalRoutes.componentPage);
  const toHealth = useRouteLink(playbooksExternalRoutes.healthPage);
  const href =
    kind === 'config'
      ? toConfig?.({ id })
      : kind === 'component'
        ? toComponent?.({ id })
        : toHealth?.({}, checkModalSearch(id));
  return href ? <Link to={href}>{name}</Link> : <span>{name}</span>;
}
