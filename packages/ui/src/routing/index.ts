export * from './UrlState.tsx';
export * from './historyUrlState.ts';
export * from './reactRouterUrlState.ts';
export * from './modifiedClick.ts';
