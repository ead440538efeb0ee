// The lazy page module of `/settings/integrations/{type}/{id}`.
export { IntegrationRedirect as Component } from '../Integrations/IntegrationRedirect.tsx';
