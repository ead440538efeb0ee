import type { ReactNode } from 'react';
import styled from 'styled-components';
import { OctagonExclamationPoint } from 'lucide-react';
import { testIds } from '../testIds.ts';

export interface ErrorPageProps {
  error?: unknown;
  /** Defaults to 'Something went wrong'. */
  title?: ReactNode;
  /** Hide the message, stack and cause (e.g. for end users of an embed). */
  hideDetails?: boolean;
  /** Actions such as "Try again" or "Go home". */
  actions?: ReactNode;
}

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xxxl} ${theme.space.xl}`};
  text-align: center;

  > svg {
    color: ${({ theme }) => theme.colors.danger};
  }

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  /* A long address or id in a message breaks rather than widening the page. */
  h1,
  p {
    max-width: 100%;
    overflow-wrap: anywhere;
  }

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  }
`;

const Details = styled.pre`
  width: 100%;
  max-height: 320px;
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceHover};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-align: left;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

function describeCause(cause: unknown): string | undefined {
  if (cause === undefined || cause === null) return undefined;
  if (cause instanceof Error) return cause.stack ?? `${cause.name}: ${cause.message}`;
  if (typeof cause === 'string') return cause;
  try {
    return JSON.stringify(cause, null, 2);
  } catch {
    return String(cause);
  }
}

export function ErrorPage({
  error,
  title = 'Something went wrong',
  hideDetails = false,
  actions,
}: ErrorPageProps) {
  const message = messageOf(error);
  const stack = error instanceof Error ? error.stack : undefined;
  const cause = error instanceof Error ? describeCause(error.cause) : undefined;
  return (
    <Page>
      <OctagonExclamationPoint size={40} aria-hidden="true" />
      <h1>{title}</h1>
      {!hideDetails && message && <p>{message}</p>}
      {!hideDetails && stack && (
        <Details data-testid={testIds.errorPage.stack} aria-label="Stack trace" tabIndex={0}>
          {stack}
        </Details>
      )}
      {!hideDetails && cause && (
        <Details data-testid={testIds.errorPage.cause} aria-label="Cause" tabIndex={0}>
          {cause}
        </Details>
      )}
      {actions && <Actions>{actions}</Actions>}
    </Page>
  );
}
