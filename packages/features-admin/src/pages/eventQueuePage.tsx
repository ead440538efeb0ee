// The lazy page module of /settings/event-queue-status.
export { EventQueuePage as Component } from '../EventQueue/EventQueuePage.tsx';
