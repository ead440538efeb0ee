import type { CheckRef } from '@opsdeck/features-health/slots';
import { useRouteLink } from '@opsdeck/extensions/react';
import { UrlLink } from '@opsdeck/ui';
import { notificationsRoutes } from '../routes.ts';
import { notificationsTestIds } from '../testIds.ts';

/**
 * The health check modal's 'Silence' (issue 34): the add-silence form with this check picked,
 * through the form's own typed search. The contribution's access keeps it from those who may not
 * add silences; the server refuses them anyway.
 */
export function SilenceCheckAction({ check }: { check: CheckRef }) {
  const toAdd = useRouteLink(notificationsRoutes.addSilence);
  if (!toAdd) return null;
  return (
    <UrlLink
      to={toAdd({}, { resource: `check:${check.id}`, resourceName: check.name })}
      aria-label={`Silence notifications of ${check.name}`}
      data-testid={notificationsTestIds.checkSilence}
    >
      Silence
    </UrlLink>
  );
}
