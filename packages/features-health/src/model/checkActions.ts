/**
 * Whether a canary is defined outside the console (a Kubernetes CRD, a config file…) and so must
 * not be edited here. Canaries created in the console have source 'UI' or none.
 */
export function isExternallyDefined(source: string | null | undefined): boolean {
  return !!source && source.toUpperCase() !== 'UI';
}
