// The lazy page module of `/settings/integrations`.
export { IntegrationsListPage as Component } from '../Integrations/IntegrationsListPage.tsx';
