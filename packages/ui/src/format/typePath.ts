// Config and component types are namespaced with '::' (console §3 "Config"): `AWS::EC2::Instance`.
// People read them as a path, `AWS › EC2 › Instance`: one spelling wherever a type is shown
// (issue 29 "Tell things apart").

/** The parts of a type, without empty ones; `Kubernetes::Pod` → `['Kubernetes', 'Pod']`. */
export function typePathParts(type: string | null | undefined): string[] {
  if (!type) return [];
  return type
    .split('::')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The readable path of a type; '' for none. */
export function formatTypePath(type: string | null | undefined): string {
  return typePathParts(type).join(' › ');
}
