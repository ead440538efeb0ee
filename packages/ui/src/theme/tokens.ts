// Design tokens shared by both themes: everything that does not change with light/dark.

export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
} as const;

export const fontFamily = {
  body: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
} as const;

export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  xxl: '1.5rem',
  xxxl: '2rem',
} as const;

export const fontWeight = {
  regular: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
} as const;

export const lineHeight = {
  tight: 1.25,
  normal: 1.5,
} as const;

export const radius = {
  none: '0',
  sm: '2px',
  md: '4px',
  lg: '8px',
  xl: '12px',
  full: '9999px',
} as const;

export const zIndex = {
  dropdown: 1000,
  tooltip: 1100,
  modal: 1200,
  // Portalled popups: above the modal they may open from.
  popover: 1250,
  toast: 1300,
} as const;

export const breakpoints = {
  // The sidebar is docked from this width up and folds to a rail under it (console spec §2).
  sidebar: '1024px',
  // Under this width the layout is a phone's: the sidebar becomes a drawer, toolbars stack.
  phone: '640px',
} as const;

/** The breakpoints as media queries ("under" a breakpoint), for styled-components and matchMedia alike. */
export const media = {
  belowSidebar: '(max-width: 1023.98px)',
  phone: '(max-width: 639.98px)',
} as const;

export const transition = {
  fast: '120ms ease-out',
  normal: '200ms ease-out',
} as const;
