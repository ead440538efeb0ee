import styled from 'styled-components';

/**
 * A feature page's column: sections one under another, padded like every feature's page (less on
 * a phone), never wider than the space it is given.
 */
export const PageLayout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md};
  }
`;

/** Links and buttons at the top of a page, wrapping on narrow screens; a link's icon sits by its text. */
export const PageActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xxs};
    color: ${({ theme }) => theme.colors.link};
  }
`;
