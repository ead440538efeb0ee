/** Spec §2: Run Now is for these roles only (responder and commander lack canaries write, so roles decide). */
export const runNowRoles: readonly string[] = ['admin', 'editor', 'responder', 'commander'];

export function canRunChecks(roles: readonly string[]): boolean {
  return roles.some((role) => runNowRoles.includes(role));
}

/**
 * Whether a canary is defined outside the console (a Kubernetes CRD, a config file…) and so must
 * not be edited here. Canaries created in the console have source 'UI' or none.
 */
export function isExternallyDefined(source: string | null | undefined): boolean {
  return !!source && source.toUpperCase() !== 'UI';
}
