export * from './tokens';
export * from './themes';
export * from './mode';
export * from './GlobalStyle';
export * from './ThemeProvider';
