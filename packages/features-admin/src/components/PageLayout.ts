import styled from 'styled-components';

// The page column and its action row are ui's, as every feature page's (issue 34 moved them there).
export { PageLayout as Page, PageActions as Actions } from '@opsdeck/ui';

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

// A row is one line at any width: on a phone the table scrolls sideways in its frame rather than
// wrapping a row's statistics or names into rows two or three lines tall.
export const OneLineRows = styled.div`
  display: contents;
  td {
    white-space: nowrap;
  }
`;
