import type { RouteObject } from 'react-router';
import { HealthPage, type HealthPageProps } from './HealthPage/HealthPage.tsx';

/** The console mounts the page at /health with this; the props fill its slots. */
export function healthRoute(props: HealthPageProps = {}, path = 'health'): RouteObject {
  return { path, element: <HealthPage {...props} /> };
}
