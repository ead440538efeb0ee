import { HealthRoutingProvider, type HealthRouting } from '../routing/HealthRouting.tsx';
import { historyRouting } from '../routing/historyRouting.tsx';
import { HealthPageView } from './HealthPage.tsx';

export interface StandaloneHealthPageProps {
  /** Default: the browser's history and query string, no router needed. */
  routing?: HealthRouting;
}

/** The health page for an app without react-router (apps/health-embed): no router runtime shipped. */
export function StandaloneHealthPage({ routing = historyRouting }: StandaloneHealthPageProps) {
  return (
    <HealthRoutingProvider routing={routing}>
      <HealthPageView />
    </HealthRoutingProvider>
  );
}
