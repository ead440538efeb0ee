import type { StatusColor } from '../theme/themes.ts';

/** The bar never draws below 5 % so a tiny value stays visible, and never above 100 %. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 5;
  return Math.min(100, Math.max(5, value));
}

/** Red above 90, orange above 75, green otherwise (console spec §4). */
export function progressColor(value: number): Extract<StatusColor, 'green' | 'orange' | 'red'> {
  const clamped = clampProgress(value);
  if (clamped > 90) return 'red';
  if (clamped > 75) return 'orange';
  return 'green';
}
