import { connectionsExternalRoutes } from '../routes.ts';

/**
 * `integrations_with_status.integration_type` (console §2: case-sensitive in
 * `/settings/integrations/{type}/{id}`) → its label and the settings editor that opens it.
 */
export const integrationTypes = {
  scrapers: { label: 'Catalog Scraper', editor: connectionsExternalRoutes.scraperEditor },
  topologies: { label: 'Topology', editor: connectionsExternalRoutes.topologyEditor },
  logging_backends: { label: 'Log Backend', editor: connectionsExternalRoutes.logBackendEditor },
} as const;

export type IntegrationType = keyof typeof integrationTypes;

export function isIntegrationType(type: string | undefined): type is IntegrationType {
  return type !== undefined && Object.hasOwn(integrationTypes, type);
}

export const INTEGRATIONS_PATH = '/settings/integrations';
export const integrationPath = (type: string, id: string) =>
  `${INTEGRATIONS_PATH}/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
