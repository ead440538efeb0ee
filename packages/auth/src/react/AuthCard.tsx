import type { ReactNode } from 'react';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.background};
`;

// Inside an app's shell (which has the page's <main>, header and background) the card only.
const EmbeddedPage = styled.div`
  display: flex;
  justify-content: center;
  min-width: 0;
`;

const Card = styled.section`
  width: 100%;
  max-width: 28rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xl};
  color: ${({ theme }) => theme.colors.text};
`;

export const AuthLinks = styled.nav`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export function AuthCard({
  title,
  testId,
  children,
  embedded = false,
}: {
  title: string;
  testId: string;
  children?: ReactNode;
  /** Drawn inside an app's shell: no page of its own around the card. */
  embedded?: boolean;
}) {
  const Around = embedded ? EmbeddedPage : Page;
  return (
    <Around data-testid={testId}>
      <Card aria-labelledby={`${testId}-title`}>
        <Title id={`${testId}-title`}>{title}</Title>
        {children}
      </Card>
    </Around>
  );
}
