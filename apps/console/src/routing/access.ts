/**
 * Where to go after sign-in: a path on this site only. Anything else (another host, `//host`,
 * `javascript:`) would make return_to an open redirect, so it falls back to `/`.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value;
}
