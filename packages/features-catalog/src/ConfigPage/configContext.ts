import type { ConfigDetail } from '@opsdeck/api-client/catalog';
import { useOutletContext } from 'react-router';

/** What a config slot's contribution learns (extensions' ConfigRef, which its index does not export). */
export interface ConfigRef {
  id: string;
  name: string;
  type: string | null;
}

/** What the detail page hands its sub-pages: the config it loaded once for all of them. */
export interface ConfigOutletContext {
  config: ConfigDetail;
  ref: ConfigRef;
}

export function useConfig(): ConfigOutletContext {
  return useOutletContext<ConfigOutletContext>();
}
