import {
  breakpoints,
  fontFamily,
  fontSize,
  fontWeight,
  lineHeight,
  media,
  radius,
  space,
  transition,
  zIndex,
} from './tokens.ts';

export type ThemeMode = 'light' | 'dark';

/** The five status colours every status display maps to (status dots, progress bars, job status). */
export type StatusColor = 'green' | 'orange' | 'red' | 'gray' | 'yellow';

export interface OpsdeckColors {
  background: string;
  surface: string;
  surfaceRaised: string;
  surfaceHover: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  textInverse: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  success: string;
  successHover: string;
  onSuccess: string;
  focusRing: string;
  overlay: string;
  link: string;
  status: Record<StatusColor, string>;
  /** Soft backgrounds for badges and tags, one per status colour plus a neutral one. */
  statusSoft: Record<StatusColor | 'neutral' | 'primary', { background: string; text: string }>;
}

export interface OpsdeckTheme {
  mode: ThemeMode;
  colors: OpsdeckColors;
  space: typeof space;
  fontFamily: typeof fontFamily;
  fontSize: typeof fontSize;
  fontWeight: typeof fontWeight;
  lineHeight: typeof lineHeight;
  radius: typeof radius;
  shadow: { sm: string; md: string; lg: string };
  zIndex: typeof zIndex;
  breakpoints: typeof breakpoints;
  media: typeof media;
  transition: typeof transition;
}

const shared = {
  space,
  fontFamily,
  fontSize,
  fontWeight,
  lineHeight,
  radius,
  zIndex,
  breakpoints,
  media,
  transition,
};

// Text colours on the soft backgrounds are chosen to keep at least 4.5:1 contrast (WCAG AA).
export const lightTheme: OpsdeckTheme = {
  ...shared,
  mode: 'light',
  colors: {
    background: '#f7f8fa',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceHover: '#f0f2f5',
    border: '#d9dde3',
    borderStrong: '#9aa3af',
    text: '#111827',
    textMuted: '#4b5563',
    textInverse: '#ffffff',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    onPrimary: '#ffffff',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    onDanger: '#ffffff',
    success: '#15803d',
    successHover: '#166534',
    onSuccess: '#ffffff',
    focusRing: '#2563eb',
    overlay: 'rgba(17, 24, 39, 0.5)',
    link: '#1d4ed8',
    status: {
      green: '#16a34a',
      orange: '#ea580c',
      red: '#dc2626',
      gray: '#9ca3af',
      yellow: '#ca8a04',
    },
    statusSoft: {
      green: { background: '#dcfce7', text: '#14532d' },
      orange: { background: '#ffedd5', text: '#7c2d12' },
      red: { background: '#fee2e2', text: '#7f1d1d' },
      gray: { background: '#f3f4f6', text: '#374151' },
      yellow: { background: '#fef9c3', text: '#713f12' },
      neutral: { background: '#e5e7eb', text: '#1f2937' },
      primary: { background: '#dbeafe', text: '#1e3a8a' },
    },
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.06)',
    md: '0 4px 12px rgba(0, 0, 0, 0.1)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.18)',
  },
};

export const darkTheme: OpsdeckTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    background: '#0f1115',
    surface: '#171a21',
    surfaceRaised: '#1f232c',
    surfaceHover: '#272c37',
    border: '#2f3542',
    borderStrong: '#5b6475',
    text: '#f3f4f6',
    textMuted: '#a7b0be',
    textInverse: '#111827',
    primary: '#3b82f6',
    primaryHover: '#60a5fa',
    onPrimary: '#0b1220',
    danger: '#f87171',
    dangerHover: '#fca5a5',
    onDanger: '#1a0505',
    success: '#4ade80',
    successHover: '#86efac',
    onSuccess: '#052e16',
    focusRing: '#93c5fd',
    overlay: 'rgba(0, 0, 0, 0.65)',
    link: '#93c5fd',
    status: {
      green: '#22c55e',
      orange: '#f97316',
      red: '#ef4444',
      gray: '#6b7280',
      yellow: '#eab308',
    },
    statusSoft: {
      green: { background: '#14361f', text: '#bbf7d0' },
      orange: { background: '#3d2410', text: '#fed7aa' },
      red: { background: '#3f1515', text: '#fecaca' },
      gray: { background: '#2a2f3a', text: '#e5e7eb' },
      yellow: { background: '#3a3110', text: '#fef08a' },
      neutral: { background: '#2a2f3a', text: '#e5e7eb' },
      primary: { background: '#172554', text: '#bfdbfe' },
    },
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.5)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

export const themes: Record<ThemeMode, OpsdeckTheme> = { light: lightTheme, dark: darkTheme };

// Types `props.theme` in every styled component of this package and of its consumers.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends OpsdeckTheme {}
}
