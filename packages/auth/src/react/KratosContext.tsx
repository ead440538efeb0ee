import { createContext, useContext, type ReactNode } from 'react';
import type { KratosFlows } from '../kratos/client.ts';

const KratosContext = createContext<KratosFlows | null>(null);

export function KratosProvider({ flows, children }: { flows: KratosFlows; children?: ReactNode }) {
  return <KratosContext.Provider value={flows}>{children}</KratosContext.Provider>;
}

export function useKratosFlows(): KratosFlows {
  const flows = useContext(KratosContext);
  if (!flows) throw new Error('useKratosFlows must be used inside <KratosProvider>');
  return flows;
}
