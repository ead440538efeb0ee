import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SkeletonText } from './Skeleton.tsx';

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface QueryRowsProps<T> {
  /** A list read (a react-query result, or anything shaped like one). */
  query: { data: readonly T[] | undefined; error: unknown; isPending: boolean };
  /** What the rows are, plural and lower case: "checks" gives "Loading checks" and "No checks". */
  what: string;
  /** Draws the rows once there are some. */
  children: (rows: readonly T[]) => ReactNode;
}

/**
 * A small list's read in a panel or card: a skeleton while it loads, the read's error in words
 * (announced), "No …" when empty, else the rows. Tables have DataTable's own states.
 */
export function QueryRows<T>({ query, what, children }: QueryRowsProps<T>) {
  if (query.isPending) return <SkeletonText lines={2} label={`Loading ${what}`} />;
  if (query.error || !query.data) {
    const message = query.error instanceof Error ? `: ${query.error.message}` : '';
    return <Muted role="alert">{`Could not load the ${what}${message}`}</Muted>;
  }
  if (query.data.length === 0) return <Muted>No {what}</Muted>;
  return children(query.data);
}
