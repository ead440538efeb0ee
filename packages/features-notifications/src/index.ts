export { notificationsFeature } from './feature.ts';
export { notificationsExternalRoutes } from './routes.ts';
/** For other features to link to the send history or the silences. @public */
export {
  notificationsRoutes,
  type AddSilenceSearch,
  type NotificationHistorySearch,
  type NotificationRulesSearch,
  type NotificationTraceSearch,
} from './routes.ts';
