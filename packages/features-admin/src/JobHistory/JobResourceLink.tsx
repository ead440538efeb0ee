import type { JobHistory } from '@opsdeck/api-client/admin';
import { useRouteLink } from '@opsdeck/extensions/react';
import { Link } from 'react-router';
import { jobResourcePage } from '../model/jobs.ts';
import { adminExternalRoutes } from '../routes.ts';

/** A job's resource, linked to its page in the feature that owns it when the app binds one. */
export function JobResourceLink({ job }: { job: JobHistory }) {
  const links = {
    canaryEditor: useRouteLink(adminExternalRoutes.canaryEditor),
    topologyEditor: useRouteLink(adminExternalRoutes.topologyEditor),
    scraperPage: useRouteLink(adminExternalRoutes.scraperPage),
    configPage: useRouteLink(adminExternalRoutes.configPage),
    playbookPage: useRouteLink(adminExternalRoutes.playbookPage),
  };
  const name = job.resource_name || job.resource_id || '';
  const page = jobResourcePage(job.resource_type);
  const href = page && job.resource_id ? links[page]?.({ id: job.resource_id }) : undefined;
  return href ? <Link to={href}>{name}</Link> : <span>{name}</span>;
}
