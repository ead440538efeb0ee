import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FileSearch, Inbox } from 'lucide-react';

/** The product's empty-state sentences (console spec §8). */
export const EMPTY_STATE_MESSAGES = {
  resources: 'No resources found',
  data: 'No data available',
  details: 'No details found',
} as const;

export type EmptyStateKind = keyof typeof EMPTY_STATE_MESSAGES;

export interface EmptyStateProps {
  kind?: EmptyStateKind;
  /** Replaces the sentence of `kind`. */
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A call to action, e.g. a button to add the first item. */
  action?: ReactNode;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xxl};
  max-width: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  /* A sentence quoting a long search has no spaces to break at: it wraps anywhere, inside the page. */
  overflow-wrap: anywhere;
`;

const Title = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const Description = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export function EmptyState({
  kind = 'resources',
  title,
  description,
  icon,
  action,
}: EmptyStateProps) {
  return (
    <Wrapper>
      {icon ??
        (kind === 'details' ? (
          <FileSearch size={32} aria-hidden="true" />
        ) : (
          <Inbox size={32} aria-hidden="true" />
        ))}
      <Title>{title ?? EMPTY_STATE_MESSAGES[kind]}</Title>
      {description && <Description>{description}</Description>}
      {action}
    </Wrapper>
  );
}
