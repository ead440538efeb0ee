import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  :root { color-scheme: ${({ theme }) => theme.mode}; }

  html, body {
    margin: 0;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fontFamily.body};
    font-size: 16px;
    line-height: ${({ theme }) => theme.lineHeight.normal};
    -webkit-font-smoothing: antialiased;
  }

  code, pre, kbd { font-family: ${({ theme }) => theme.fontFamily.mono}; }

  /* Media never make a page wider than the screen (a QR code in a 360 px card). */
  img, video { max-width: 100%; height: auto; }

  a { color: ${({ theme }) => theme.colors.link}; }

  /* Keyboard users always see where they are; mouse clicks do not leave rings behind. */
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  /* Transitions off, not just short: a 0.01 ms one would start on every element (the default
     transition-property is all) and leave, for a frame, a revealed drawer's links hidden and unfocusable. */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0s !important;
      transition-delay: 0s !important;
    }
  }
`;
