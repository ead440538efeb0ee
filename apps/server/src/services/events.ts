import type { Logger } from '../http/logging.ts';
import type { EventBus, ServiceEventName, ServiceEvents } from './defineService.ts';

type Handler = (event: never) => void | Promise<void>;

/**
 * The in-process event bus of one app. `emit` waits for every subscriber, so a request that emits
 * answers only after, say, the summary cache was cleared; a failing subscriber is logged and does
 * not fail the request or the other subscribers (the write it reports has already committed).
 */
export function createEventBus(log: Logger): EventBus {
  const handlers = new Map<ServiceEventName, Handler[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as Handler);
      handlers.set(name, list);
    },
    async emit<E extends ServiceEventName>(name: E, event: ServiceEvents[E]) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await (handler as (event: ServiceEvents[E]) => void | Promise<void>)(event);
        } catch (error) {
          log({
            level: 'error',
            msg: 'event handler failed',
            event: name,
            error: (error as Error).message,
          });
        }
      }
    },
  };
}
