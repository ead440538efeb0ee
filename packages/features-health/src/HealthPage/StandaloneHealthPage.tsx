import { UrlStateProvider, useHistoryUrlState, type UrlStateBinding } from '@opsdeck/ui';
import { HealthPage } from './HealthPage.tsx';

export interface StandaloneHealthPageProps {
  /** Default: the browser's history and query string, no router needed. */
  urlState?: UrlStateBinding;
}

/** The health page for an app without react-router (apps/health-embed): no router runtime shipped. */
export function StandaloneHealthPage({ urlState = useHistoryUrlState }: StandaloneHealthPageProps) {
  return (
    <UrlStateProvider binding={urlState}>
      <HealthPage />
    </UrlStateProvider>
  );
}
