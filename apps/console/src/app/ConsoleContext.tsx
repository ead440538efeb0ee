import type { ApiClient } from '@opsdeck/api-client';
import type { SessionProvider } from '@opsdeck/auth';
import { createContext, useContext } from 'react';
import type { FeatureRegistry } from '@opsdeck/extensions';
import type { ApiAuthOptions } from './createConsole.ts';

export interface ConsoleContextValue {
  registry: FeatureRegistry;
  /** The session contract of the identity provider in use (Kratos, or the hosted one below its provider). */
  session: SessionProvider;
  /** An API client with the console's 401 handling; hosted mode builds one per organization backend. */
  createApiClient(auth: ApiAuthOptions): ApiClient;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole must be used inside <ConsoleContext.Provider>');
  return value;
}
