import type { ReactNode } from 'react';
import styled from 'styled-components';

const Page = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxxl} ${({ theme }) => theme.space.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.text};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }
  p {
    margin: 0;
    max-width: 40rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

/** A centred explanation inside the shell (the shell header's title is the page's h1; this is its h2). */
export function MessagePage({
  icon,
  title,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Page data-testid={testId} aria-label={title}>
      {icon}
      <h2>{title}</h2>
      {children}
    </Page>
  );
}
