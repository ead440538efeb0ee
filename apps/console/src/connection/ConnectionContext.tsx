import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ConnectionMonitor, ConnectionState } from './connectionMonitor.ts';

export const ConnectionContext = createContext<ConnectionMonitor | null>(null);

export function useConnectionMonitor(): ConnectionMonitor | null {
  return useContext(ConnectionContext);
}

const alwaysOnline = () => 'online' as const;
const noSubscription = () => () => {};

/** The backend's reachability, `online` where no monitor is provided. */
export function useConnectionState(): ConnectionState {
  const monitor = useConnectionMonitor();
  return useSyncExternalStore(
    monitor?.subscribe ?? noSubscription,
    monitor?.state ?? alwaysOnline,
    monitor?.state ?? alwaysOnline,
  );
}
