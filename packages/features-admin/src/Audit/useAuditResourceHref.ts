import { useRouteLink } from '@opsdeck/extensions/react';
import { auditResourcePage } from '../model/audit.ts';
import { adminExternalRoutes, adminRoutes } from '../routes.ts';

/**
 * Where an audited row opens: its page in the feature that owns the table, by the app's bindings
 * (an unbound or forbidden page gives no link); permissions and people open this package's pages.
 */
export function useAuditResourceHref(): (
  table: string,
  id: string | undefined,
) => string | undefined {
  const links = {
    canaryEditor: useRouteLink(adminExternalRoutes.canaryEditor),
    topologyEditor: useRouteLink(adminExternalRoutes.topologyEditor),
    scraperPage: useRouteLink(adminExternalRoutes.scraperPage),
    configPage: useRouteLink(adminExternalRoutes.configPage),
    playbookPage: useRouteLink(adminExternalRoutes.playbookPage),
    incidentPage: useRouteLink(adminExternalRoutes.incidentPage),
    connectionEditor: useRouteLink(adminExternalRoutes.connectionEditor),
    teamEditor: useRouteLink(adminExternalRoutes.teamEditor),
  };
  const notificationRules = useRouteLink(adminExternalRoutes.notificationRules);
  const permissions = useRouteLink(adminRoutes.permissions);
  const users = useRouteLink(adminRoutes.users);
  return (table, id) => {
    const page = auditResourcePage(table);
    if (!page) return undefined;
    if (page === 'permissions') return permissions?.({});
    if (page === 'users') return users?.({});
    if (!id) return undefined;
    if (page === 'notificationRule') return notificationRules?.({}, { edit: id });
    return links[page]?.({ id });
  };
}
