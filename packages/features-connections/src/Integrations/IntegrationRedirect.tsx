import { useRouteLink } from '@opsdeck/extensions/react';
import { NotFoundPage } from '@opsdeck/ui';
import { Link, Navigate, useParams } from 'react-router';
import {
  INTEGRATIONS_PATH,
  integrationTypes,
  isIntegrationType,
} from '../model/integrationTypes.ts';

/**
 * `/settings/integrations/{type}/{id}` (console §2; the type is case-sensitive): the integration's
 * editor, which the settings package owns, so this address sends the browser on to it.
 */
export function IntegrationRedirect() {
  const { type, id = '' } = useParams();
  const known = isIntegrationType(type);
  const editor = useRouteLink(
    known ? integrationTypes[type].editor : integrationTypes.scrapers.editor,
  );
  if (!known || !editor || !id)
    return (
      <NotFoundPage
        what="integration"
        back={<Link to={INTEGRATIONS_PATH}>All integrations</Link>}
      />
    );
  return <Navigate to={editor({ id })} replace />;
}
