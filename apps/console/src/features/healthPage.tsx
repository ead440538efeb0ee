import { HealthPage } from '@opsdeck/features-health';

/** The health page as the console mounts it (its own chunk: the list, not the shell, pays for it). */
export function Component() {
  return <HealthPage />;
}
