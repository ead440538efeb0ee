import type { SessionProvider } from '@opsdeck/auth';
import { createContext, useContext } from 'react';
import type { FeatureRegistry } from '../features/defineFeature.ts';

export interface ConsoleContextValue {
  registry: FeatureRegistry;
  /** The session contract of the identity provider in use (Kratos here). */
  session: SessionProvider;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole must be used inside <ConsoleContext.Provider>');
  return value;
}
