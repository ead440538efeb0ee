import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whether the console receives the server's change stream: `live` (writes invalidate queries as
 * they happen, so pages need no timers), `reconnecting` (the stream dropped and is being opened
 * again: pages keep their own refresh rates meanwhile) or `polling` (no stream, e.g. a real Mission
 * Control: pages keep their own refresh rates). Outside a provider it is `polling`.
 */
export type LiveUpdatesMode = 'live' | 'reconnecting' | 'polling';

const LiveUpdatesContext = createContext<LiveUpdatesMode>('polling');

export function LiveUpdatesProvider({
  mode,
  children,
}: {
  mode: LiveUpdatesMode;
  children?: ReactNode;
}) {
  return <LiveUpdatesContext.Provider value={mode}>{children}</LiveUpdatesContext.Provider>;
}

export function useLiveUpdates(): LiveUpdatesMode {
  return useContext(LiveUpdatesContext);
}
