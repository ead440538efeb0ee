import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** Writes the page's query: a function of the current params, pushed (default) or replacing the entry. */
export type SetSearchParams = (
  update: (current: URLSearchParams) => URLSearchParams,
  options?: { replace?: boolean },
) => void;

export interface HealthLinkProps {
  /** An app path such as `/topology/{id}`. */
  to: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * How the health page reads and writes the URL and links elsewhere. The console passes
 * react-router's (`reactRouterRouting`); the standalone embed passes `historyRouting`, so it ships
 * without a router runtime.
 */
export interface HealthRouting {
  /** A hook: the current query and its writer. Must be the same function on every render. */
  useSearchParams: () => readonly [URLSearchParams, SetSearchParams];
  Link: ComponentType<HealthLinkProps>;
}

const HealthRoutingContext = createContext<HealthRouting | null>(null);

export function HealthRoutingProvider({
  routing,
  children,
}: {
  routing: HealthRouting;
  children: ReactNode;
}) {
  return <HealthRoutingContext.Provider value={routing}>{children}</HealthRoutingContext.Provider>;
}

export function useHealthRouting(): HealthRouting {
  const routing = useContext(HealthRoutingContext);
  if (!routing)
    throw new Error(
      'features-health: render the page inside HealthRoutingProvider (or use HealthPage in a react-router app)',
    );
  return routing;
}

/** An in-app link through the host's routing. */
export function HealthLink(props: HealthLinkProps) {
  const { Link } = useHealthRouting();
  return <Link {...props} />;
}
