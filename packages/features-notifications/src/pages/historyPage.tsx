// The lazy page module of `/notifications`.
export { NotificationHistoryPage as Component } from '../HistoryPage/NotificationHistoryPage.tsx';
