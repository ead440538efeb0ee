import { version } from '../package.json';

/** The console's own version (spec §1: 1.0.836), shown beside the backend's in the user menu. */
export const FRONTEND_VERSION: string = version;

/** Where the help menu's Docs link goes; a deployment can point it at its own documentation. */
export const DOCS_URL: string =
  import.meta.env.VITE_OPSDECK_DOCS_URL ?? 'https://docs.flanksource.com/';

export const KUBECONFIG_DOCS_URL =
  'https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/';
