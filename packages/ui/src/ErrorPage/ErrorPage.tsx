import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FileSearch, OctagonExclamationPoint } from 'lucide-react';
import { testIds } from '../testIds.ts';
import { usePageHeading } from './headingLevel.tsx';

export interface ErrorPageProps {
  error?: unknown;
  /** Defaults to 'Something went wrong'. */
  title?: ReactNode;
  /** Hide the message too (e.g. for end users of an embed). */
  hideDetails?: boolean;
  /**
   * Offer the stack and cause behind a closed "Details" disclosure. Off by default: a person is never
   * shown a stack trace unless the app asks (the console does in development builds only).
   */
  showDetails?: boolean;
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

  h1,
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  /* A long address or id in a message breaks rather than widening the page. */
  h1,
  h2,
  p {
    max-width: 100%;
    overflow-wrap: anywhere;
  }

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  }
`;

const Disclosure = styled.details`
  width: 100%;
  text-align: left;

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
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
  showDetails = false,
  actions,
}: ErrorPageProps) {
  const message = messageOf(error);
  const stack = error instanceof Error ? error.stack : undefined;
  const cause = error instanceof Error ? describeCause(error.cause) : undefined;
  const Heading = usePageHeading();
  return (
    <Page>
      <OctagonExclamationPoint size={40} aria-hidden="true" />
      <Heading>{title}</Heading>
      {!hideDetails && message && <p>{message}</p>}
      {showDetails && !hideDetails && (stack || cause) && (
        <Disclosure>
          <summary>Details</summary>
          {stack && (
            <Details data-testid={testIds.errorPage.stack} aria-label="Stack trace" tabIndex={0}>
              {stack}
            </Details>
          )}
          {cause && (
            <Details data-testid={testIds.errorPage.cause} aria-label="Cause" tabIndex={0}>
              {cause}
            </Details>
          )}
        </Disclosure>
      )}
      {actions && <Actions>{actions}</Actions>}
    </Page>
  );
}

export interface NotFoundPageProps {
  /** What was asked for, in the domain's words: 'incident', 'playbook run'. */
  what: string;
  /** The way back, e.g. a link to the list the thing would be in. */
  back: ReactNode;
}

/**
 * A malformed or missing id: what was not found and a way back, never the server's words about why
 * (a bad id makes PostgreSQL talk about uuid syntax).
 */
export function NotFoundPage({ what, back }: NotFoundPageProps) {
  const Heading = usePageHeading();
  return (
    <Page data-testid={testIds.errorPage.notFound}>
      <FileSearch size={40} aria-hidden="true" />
      <Heading>Not found</Heading>
      <p>{`No ${what} has this address: it may have been deleted, or the link is incomplete.`}</p>
      <Actions>{back}</Actions>
    </Page>
  );
}
