export * from './UrlState.tsx';
export * from './UrlLink.tsx';
export * from './historyUrlState.ts';
export * from './reactRouterUrlState.ts';
export * from './modifiedClick.ts';
