import { HealthRoutingProvider } from '../routing/HealthRouting.tsx';
import { reactRouterRouting } from '../routing/reactRouterRouting.tsx';
import { CheckModalView, type CheckModalProps } from './CheckModal.tsx';

/** The check modal in a react-router app (the console): its links are router links. */
export function CheckModal(props: CheckModalProps) {
  return (
    <HealthRoutingProvider routing={reactRouterRouting}>
      <CheckModalView {...props} />
    </HealthRoutingProvider>
  );
}
