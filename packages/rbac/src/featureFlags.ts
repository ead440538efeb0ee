/** A row of the properties table, as `GET /api/properties` returns it. */
export interface Property {
  name: string;
  value: string | boolean | number | null;
  source?: string;
}

export interface FeatureFlags {
  /** False when the feature, or any dotted parent of it, has `{name}.disable` set to 'true'. */
  isEnabled(feature: string): boolean;
  /** The features switched off directly (without their children). */
  readonly disabled: readonly string[];
}

const DISABLE_SUFFIX = '.disable';

export function createFeatureFlags(properties: readonly Property[]): FeatureFlags {
  const disabled = new Set<string>();
  for (const { name, value } of properties) {
    if (!name.endsWith(DISABLE_SUFFIX)) continue;
    if (String(value).trim().toLowerCase() !== 'true') continue;
    disabled.add(name.slice(0, -DISABLE_SUFFIX.length));
  }

  return {
    isEnabled(feature) {
      // "settings.connections" is off when "settings.connections" or "settings" is off.
      const parts = feature.split('.');
      for (let i = 1; i <= parts.length; i++) {
        if (disabled.has(parts.slice(0, i).join('.'))) return false;
      }
      return true;
    },
    disabled: [...disabled],
  };
}
