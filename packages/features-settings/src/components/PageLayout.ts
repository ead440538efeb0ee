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
