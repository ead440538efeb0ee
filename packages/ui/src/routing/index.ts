export * from './UrlState';
export * from './historyUrlState';
export * from './reactRouterUrlState';
