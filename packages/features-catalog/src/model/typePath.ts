import { formatConfigType } from '@opsdeck/ui';

// Config types are namespaced with '::' (console §3 "Config"): `AWS::EC2::Instance`. People read
// them as a path, `AWS › EC2 › Instance`.

/** The parts of a config type, without empty ones; `Kubernetes::Pod` → `['Kubernetes', 'Pod']`. */
export function typePathParts(type: string | null | undefined): string[] {
  if (!type) return [];
  return type
    .split('::')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The readable path of a type; '' for none. One spelling everywhere: ui's `formatConfigType`. */
export const formatTypePath = formatConfigType;

/** The last part, what the config is (`Instance`), for narrow places. */
export function typeLeaf(type: string | null | undefined): string {
  return typePathParts(type).at(-1) ?? '';
}

/** The first part, the config class the reference UI derives for a group (`AWS`). */
export function typeRoot(type: string | null | undefined): string {
  return typePathParts(type)[0] ?? '';
}
