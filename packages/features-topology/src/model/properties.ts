import type { ComponentProperty } from '@opsdeck/api-client/topology';
import { formatBytes } from '@opsdeck/ui';

/** A property ready to draw: its label, its value as text, and a fill level when it has a max. */
export interface FormattedProperty {
  key: string;
  label: string;
  text: string;
  /** 0-100 of `max` (or the value itself for a percent); absent without a scale. */
  percent?: number;
  /** A link the value opens (a `url` property, or the property's first link). */
  href?: string;
  /** The colour the backend chose for the value, if any. */
  color?: string;
}

type Kind = 'bytes' | 'millicores' | 'percent' | 'currency' | 'plain';

const byUnit: Readonly<Record<string, Kind>> = {
  bytes: 'bytes',
  byte: 'bytes',
  b: 'bytes',
  millicores: 'millicores',
  millicore: 'millicores',
  m: 'millicores',
  percent: 'percent',
  '%': 'percent',
};

// The reference UI formats cpu and memory by name when a property carries no unit.
const byName: Readonly<Record<string, Kind>> = { cpu: 'millicores', memory: 'bytes', mem: 'bytes' };

function kindOf(property: ComponentProperty): Kind {
  if (property.type === 'currency') return 'currency';
  const unit = property.unit?.trim().toLowerCase();
  if (unit) return byUnit[unit] ?? 'plain';
  return byName[(property.name ?? '').toLowerCase()] ?? 'plain';
}

const plainNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Kubernetes' CPU units: `250m` under a core, `1.5 cores` from one up. */
function formatMillicores(value: number): string {
  if (Math.abs(value) < 1000) return `${plainNumber(value)}m`;
  const cores = value / 1000;
  return `${plainNumber(cores)} ${cores === 1 ? 'core' : 'cores'}`;
}

function formatCurrency(value: number, unit: string | null | undefined): string {
  const currency = unit && /^[A-Za-z]{3}$/.test(unit) ? unit.toUpperCase() : 'USD';
  return value.toLocaleString('en-US', { style: 'currency', currency });
}

function formatNumber(value: number, property: ComponentProperty, kind: Kind): string {
  switch (kind) {
    case 'bytes':
      return formatBytes(value);
    case 'millicores':
      return formatMillicores(value);
    case 'percent':
      return `${plainNumber(value)}%`;
    case 'currency':
      return formatCurrency(value, property.unit);
    case 'plain':
      return property.unit ? `${plainNumber(value)} ${property.unit}` : plainNumber(value);
  }
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

const isUrl = (text: string) => /^https?:\/\//i.test(text);

/**
 * A property's value as text with its unit (bytes in 1024 units, CPU in millicores or cores,
 * percent, currency, or the unit as given) and, with a `max`, `value / max` and its fill level.
 * Null when the property has nothing to show.
 */
export function formatProperty(property: ComponentProperty, index = 0): FormattedProperty | null {
  const label = property.label || property.name || '';
  const key = `${property.name ?? label}-${index}`;
  const color = property.color || undefined;
  const link = property.links.find((candidate) => candidate.url);
  if (property.text) {
    const href = property.type === 'url' || isUrl(property.text) ? property.text : link?.url;
    return { key, label, text: property.text, color, ...(href ? { href } : {}) };
  }
  if (typeof property.value === 'number') {
    const kind = kindOf(property);
    const value = formatNumber(property.value, property, kind);
    const max = property.max;
    if (typeof max === 'number' && max > 0) {
      return {
        key,
        label,
        color,
        text: `${value} / ${formatNumber(max, property, kind)}`,
        percent: clampPercent((property.value / max) * 100),
      };
    }
    return {
      key,
      label,
      color,
      text: value,
      ...(kind === 'percent' ? { percent: clampPercent(property.value) } : {}),
    };
  }
  if (link?.url)
    return { key, label, color, text: link.text || link.label || link.url, href: link.url };
  return null;
}

const byOrder = (a: ComponentProperty, b: ComponentProperty) =>
  (a.order ?? 0) - (b.order ?? 0) ||
  (a.label || a.name || '').localeCompare(b.label || b.name || '');

function formatAll(properties: readonly ComponentProperty[]): FormattedProperty[] {
  return properties.flatMap((property, index) => formatProperty(property, index) ?? []);
}

/** The properties a card shows as metrics: `headline` ones with a value, in their order. */
export function headlineProperties(properties: readonly ComponentProperty[]): FormattedProperty[] {
  return formatAll(properties.filter((p) => p.headline && !p.hidden).sort(byOrder));
}

/** Every property that is not hidden, in order: the side panel's list. */
export function visibleProperties(properties: readonly ComponentProperty[]): FormattedProperty[] {
  return formatAll(properties.filter((p) => !p.hidden).sort(byOrder));
}

/** The numeric value a `field:<name>` sort compares, or undefined (sorted last). */
export function propertySortValue(
  properties: readonly ComponentProperty[],
  name: string,
): number | string | undefined {
  const property = properties.find((p) => p.name === name);
  if (!property) return undefined;
  if (typeof property.value === 'number' && property.value !== 0) return property.value;
  return property.text || undefined;
}
