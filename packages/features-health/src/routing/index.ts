export { HealthLink, HealthRoutingProvider, useHealthRouting, type HealthLinkProps, type HealthRouting, type SetSearchParams } from './HealthRouting.tsx';
export { historyRouting } from './historyRouting.tsx';
export { reactRouterRouting } from './reactRouterRouting.tsx';
