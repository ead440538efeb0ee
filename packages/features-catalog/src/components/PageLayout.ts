import styled, { css } from 'styled-components';

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

  /* The config list's cells (ListPage/columns.tsx) are plain elements styled from here: a page of
     50 rows is drawn again on every search keystroke, and a styled component per cell costs that
     redraw milliseconds. */
  & [data-cell='name'] {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    white-space: nowrap;
  }

  & [data-cell='nowrap'] {
    white-space: nowrap;
  }

  & [data-cell='health'] {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    white-space: nowrap;
  }

  /* The health dot (StatusDot's look): generated content, which screen readers skip. */
  & [data-cell='health']::before {
    content: '';
    flex-shrink: 0;
    width: 10px;
    height: 10px;
    border-radius: 50%;
  }

  ${({ theme }) =>
    Object.entries(theme.colors.status).map(
      ([color, value]) => css`
        & [data-cell='health'][data-color='${color}']::before {
          background: ${value};
        }
      `,
    )}

  /* Positioned: the tags' visually hidden text is absolute, and would otherwise be placed against
     an ancestor outside the table's scroll frame and widen the page on a phone. */
  & [data-cell='labels'] {
    position: relative;
    max-width: 22rem;
    overflow: hidden;
  }
`;

/** A section of a page with its title. */
export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

/** A line of controls that wraps on a narrow page. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Where a listed config lives (`namespace · cluster`), under its name. */
export const Place = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** A cell's value kept on one line (type paths, dates). */
export const NoWrap = styled.span`
  white-space: nowrap;
`;
