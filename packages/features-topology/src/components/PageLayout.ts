import styled from 'styled-components';

// The shell's main area has no padding: each page sets its own (as the health page does).
export const PageRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  padding: ${({ theme }) => theme.space.lg};

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md};
  }
`;

/** A line of a count or title and the card size toggle, wrapping on a narrow page. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;
