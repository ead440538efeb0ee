// Config types are namespaced with '::' (console §3 "Config"): `AWS::EC2::Instance`. People read
// them as a path, `AWS › EC2 › Instance`, spelt once in ui; the catalog adds the narrow forms.
import { formatTypePath, typePathParts } from '@opsdeck/ui';

export { formatTypePath, typePathParts };

/** The last part, what the config is (`Instance`), for narrow places. */
export function typeLeaf(type: string | null | undefined): string {
  return typePathParts(type).at(-1) ?? '';
}

/** The first part, the config class the reference UI derives for a group (`AWS`). */
export function typeRoot(type: string | null | undefined): string {
  return typePathParts(type)[0] ?? '';
}
