import * as icons from '../icons/index.ts';
import type { IconComponent } from '../icons/index.ts';

// The icon picker offers exactly the design system's curated icon set, by export name.
const registry: Readonly<Record<string, IconComponent>> = Object.fromEntries(
  Object.entries(icons).filter(
    (entry): entry is [string, IconComponent] =>
      typeof entry[1] === 'object' || typeof entry[1] === 'function',
  ),
);

export const iconNames: readonly string[] = Object.keys(registry).sort((a, b) =>
  a.localeCompare(b),
);

export function iconByName(name: string | undefined | null): IconComponent | undefined {
  return name && Object.hasOwn(registry, name) ? registry[name] : undefined;
}
