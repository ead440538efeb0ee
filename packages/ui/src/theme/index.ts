export * from './tokens.ts';
export * from './themes.ts';
export * from './mode.ts';
export * from './GlobalStyle.ts';
export * from './ThemeProvider.tsx';
