// The lazy page module of `/notifications/trace`.
export { NotificationTracePage as Component } from '../TracePage/NotificationTracePage.tsx';
